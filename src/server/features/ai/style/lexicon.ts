import type { Language } from './languages.js'

/**
 * What each of the four languages says about register (decision 047): its greetings and sign-offs,
 * the words of a formal or an informal letter, the familiar and the polite "you", and the words
 * of a friendly or an empathetic tone. Patterns are regular-expression sources matched without
 * regard to case, unless a list says otherwise.
 */

export type Register = 'formal' | 'informal' | 'neutral'

/** A greeting or sign-off pattern and the register it signals. */
export type Formula = readonly [pattern: string, register: Register]

export type Lexicon = {
  /** Matched at the start of a short line: "Hallo Jonas," → "Hallo". Longest first. */
  greetings: readonly Formula[]
  /**
   * Matched against a whole line (a name may follow after a comma). A pattern that ends in
   * `.*` is a closing formula that runs to the end of its line ("Je vous prie d'agréer…").
   */
  signoffs: readonly Formula[]
  /** Words of a formal letter, other than greetings and sign-offs: each found counts once. */
  formal: readonly string[]
  informal: readonly string[]
  /** The familiar "you" (du, tú, tu); null for English, which has one "you". */
  familiarYou: string | null
  /**
   * The polite "you" (Sie, usted, vous). German capitalises it, and "sie" is also "she" and
   * "they", so German's list is matched with case and never at the start of a sentence.
   */
  politeYou: string | null
  politeYouCaseSensitive: boolean
  friendly: readonly string[]
  empathetic: readonly string[]
  /** Filler words: a recurring phrase made only of these is not a habit worth naming. */
  stopWords: ReadonlySet<string>
  /** Short, common words found in this language only: they tell a short message's language. */
  cueWords: ReadonlySet<string>
}

const set = (words: string) => new Set(words.split(' '))
/** "Grüße", "Grüsse", "Grusse": one sign-off however the keyboard wrote it. */
const GRUSS = 'gr(?:ü|u|ue)(?:ß|ss)'
const APOS = "['’]"

const english: Lexicon = {
  greetings: [
    ['to whom it may concern', 'formal'],
    ['good (?:morning|afternoon|evening)', 'neutral'],
    ['dear', 'formal'],
    ['greetings', 'neutral'],
    ['hello', 'neutral'],
    ['hiya', 'informal'],
    ['hi', 'informal'],
    ['hey', 'informal'],
  ],
  signoffs: [
    ['yours (?:sincerely|faithfully|truly)', 'formal'],
    ['sincerely(?: yours)?', 'formal'],
    ['respectfully(?: yours)?', 'formal'],
    ['with (?:best|kind|kindest|warm|warmest) regards', 'formal'],
    ['(?:kind|kindest|best) regards', 'formal'],
    ['(?:warm|warmest) regards', 'neutral'],
    ['regards', 'neutral'],
    ['(?:best|warm|warmest) wishes', 'neutral'],
    ['all the best', 'neutral'],
    ['best', 'neutral'],
    ['many thanks', 'neutral'],
    ['thank you(?: so much| again)?', 'neutral'],
    ['thanks(?: again| so much| a lot| a million)?', 'neutral'],
    ['cheers', 'informal'],
    ['(?:talk|speak) soon', 'informal'],
    ['see you(?: soon| then| tomorrow)?', 'informal'],
    ['take care', 'informal'],
    ['love', 'informal'],
    ['xx+', 'informal'],
  ],
  formal: [
    'furthermore',
    'moreover',
    'regarding',
    'please find',
    'i would like to',
    'kindly',
    'therefore',
    'however',
    'please do not hesitate',
    'at your earliest convenience',
    'i am writing to',
    'further to',
    'in accordance with',
  ],
  informal: [
    'btw',
    'lol',
    'haha+',
    'gonna',
    'wanna',
    'gotta',
    'kinda',
    'thx',
    'awesome',
    'cool',
    'no worries',
    'yeah',
    'yep',
    'nope',
  ],
  familiarYou: null,
  politeYou: null,
  politeYouCaseSensitive: false,
  friendly: [
    'thanks',
    'thank you',
    'great',
    'happy',
    'glad',
    'love',
    'wonderful',
    'excited',
    'appreciate',
  ],
  empathetic: ['sorry', 'understand', 'hope you', 'feel', 'apologi[sz]e', 'difficult'],
  stopWords: set(
    'a an the and or but if to of in on at for with from by as is are was were be been it this that these those i you he she we they me him her us them my your our their so do does did not no yes have has had will would can could should just also very',
  ),
  cueWords: set('the and you is are will for with this that thanks we have what would'),
}

const spanish: Lexicon = {
  greetings: [
    ['muy se[ñn]or(?:a|es)? m[ií][oa]s?', 'formal'],
    ['buen(?:os|as) (?:d[ií]as|tardes|noches)', 'neutral'],
    ['estimad[oa]s?', 'formal'],
    ['distinguid[oa]s?', 'formal'],
    ['apreciad[oa]s?', 'formal'],
    ['querid[oa]s?', 'informal'],
    ['qu[ée] tal', 'informal'],
    ['hola', 'informal'],
    ['buenas', 'informal'],
    ['hey', 'informal'],
  ],
  signoffs: [
    ['(?:le|les) saluda(?:mos)? (?:muy )?atentamente.*', 'formal'],
    ['sin otro particular.*', 'formal'],
    ['quedo a (?:su|la) (?:entera )?(?:disposici[óo]n|espera).*', 'formal'],
    ['(?:muy )?atentamente', 'formal'],
    ['saludos cordiales', 'formal'],
    ['(?:reciba )?un (?:cordial|atento) saludo', 'formal'],
    ['cordialmente', 'formal'],
    ['un saludo', 'neutral'],
    ['saludos', 'neutral'],
    ['(?:muchas )?gracias(?: de nuevo| otra vez)?', 'neutral'],
    ['un (?:fuerte |gran )?abrazo', 'informal'],
    ['abrazos', 'informal'],
    ['un beso', 'informal'],
    ['besos', 'informal'],
    ['hasta (?:pronto|luego|ma[ñn]ana)', 'informal'],
    ['nos vemos(?: pronto| ma[ñn]ana)?', 'informal'],
    ['cu[ií]date', 'informal'],
    ['cha[ou]', 'informal'],
  ],
  formal: [
    'le agradecer[ií]a',
    'quedo a (?:su|la) (?:entera )?disposici[óo]n',
    'adjunto le',
    'me dirijo a',
    'por medio de la presente',
    'a la espera de',
    'no dude en',
    'le ruego',
    'le informo',
    'asimismo',
    'no obstante',
    'por consiguiente',
  ],
  informal: ['vale', 'guay', 'jaja+', 'oye', 'genial', 'porfa', 'un mont[óo]n', 'xd'],
  familiarYou: 'tú|tu|tus|te|ti|contigo|tuy[oa]s?|vosotr[oa]s|os',
  politeYou: 'usted|ustedes|ud|uds|vd|vds',
  politeYouCaseSensitive: false,
  friendly: [
    'gracias',
    'genial',
    'estupend[oa]',
    'encantad[oa]s?',
    'feliz',
    'me alegra',
    'alegr[ií]a',
    'maravillos[oa]',
    'fant[áa]stic[oa]',
    'ilusi[óo]n',
  ],
  empathetic: [
    'lo siento',
    'siento mucho',
    'entiendo',
    'comprendo',
    'disculp\\p{L}*',
    'lamento',
    'espero que est[ée]s?',
    'dif[íi]cil',
    'perd[óo]n',
  ],
  stopWords: set(
    'a al de del el la los las lo un una unos unas y o pero si no que en con por para es son fue ser estar está están esta este esto ese esa me te se nos le les mi tu su mis tus sus yo tú él ella usted nosotros muy más ya también como cuando hay ha he',
  ),
  cueWords: set(
    'el los las y que por para con gracias muy pero está hola mañana usted nos también',
  ),
}

const french: Lexicon = {
  greetings: [
    ['madame,? monsieur', 'formal'],
    ['mesdames,? messieurs', 'formal'],
    ['madame', 'formal'],
    ['monsieur', 'formal'],
    ['ch[èe]re?s?', 'neutral'],
    ['bonjour', 'neutral'],
    ['bonsoir', 'neutral'],
    ['salut', 'informal'],
    ['coucou', 'informal'],
    ['hello', 'informal'],
    ['hey', 'informal'],
  ],
  signoffs: [
    [`(?:je vous prie|veuillez) (?:d${APOS}agr[ée]er|de recevoir|d${APOS}accepter).*`, 'formal'],
    [`dans l${APOS}attente de (?:votre|vous).*`, 'formal'],
    ['(?:bien|tr[èe]s) cordialement', 'formal'],
    ['cordialement', 'formal'],
    ['(?:sinc[èe]res|meilleures) salutations', 'formal'],
    ['salutations distingu[ée]es', 'formal'],
    ['respectueusement', 'formal'],
    ['bien [àa] vous', 'formal'],
    ['(?:bien )?amicalement', 'informal'],
    ['amiti[ée]s', 'informal'],
    ['(?:grosses |grands )?bises', 'informal'],
    ['bisous', 'informal'],
    [`je t${APOS}embrasse`, 'informal'],
    [`[àa] (?:bient[ôo]t|plus|demain|tr[èe]s vite|vite|tout [àa] l${APOS}heure)`, 'informal'],
    ['a\\+', 'informal'],
    ['ciao', 'informal'],
    ['salut', 'informal'],
    ["merci(?: beaucoup| encore| d[’']avance)?", 'neutral'],
    ['(?:bonne|belle) (?:journ[ée]e|soir[ée]e|fin de journ[ée]e)', 'neutral'],
  ],
  formal: [
    'je me permets',
    `dans l${APOS}attente`,
    'veuillez',
    'ci-joint',
    'je vous prie',
    `n${APOS}h[ée]sitez pas`,
    'par ailleurs',
    'en outre',
    'toutefois',
    'je reste à votre disposition',
  ],
  informal: [
    'sympa',
    'g[ée]nial',
    'super',
    'ouais',
    'mdr',
    'trop bien',
    'du coup',
    'ça marche',
    'pas de souci',
    'nickel',
  ],
  // "t'" is the familiar "you" before a vowel: "je t'embrasse", "t'as vu".
  familiarYou: `tu|te|toi|ton|ta|tes|t(?=${APOS}\\p{L})`,
  politeYou: 'vous|votre|vos',
  politeYouCaseSensitive: false,
  friendly: [
    'merci',
    'super',
    'g[ée]nial',
    'ravie?s?',
    'contente?s?',
    'heureux',
    'heureuse',
    'plaisir',
    'formidable',
    'magnifique',
  ],
  empathetic: [
    'd[ée]sol[ée]e?s?',
    'je comprends',
    'excuse[zs]?',
    'pardon',
    `j${APOS}esp[èe]re que (?:tu vas|vous allez)`,
    'difficile',
    'regrette',
  ],
  stopWords: set(
    'a à au aux de du des le la les l un une et ou mais si ne pas que qui en dans pour par sur avec ce cet cette ces c est sont été être je j tu il elle nous vous ils elles me te se mon ton son ma ta sa mes tes ses notre votre nos vos leur très plus aussi comme y d n qu',
  ),
  cueWords: set('le les et est je vous tu pour avec merci une pas nous mais très demain bonjour'),
}

const german: Lexicon = {
  greetings: [
    ['sehr geehrte[rs]?', 'formal'],
    ['werte[rs]?', 'formal'],
    ['guten (?:morgen|tag|abend)', 'neutral'],
    ['gr[üu](?:ß|ss) gott', 'neutral'],
    ['hallöchen', 'informal'],
    ['hallo', 'informal'],
    ['moin(?: moin)?', 'informal'],
    ['servus', 'informal'],
    // "Liebe Grüße" is a sign-off, not a greeting.
    [`liebe[rs]?(?!\\s+${GRUSS})`, 'informal'],
    ['hi', 'informal'],
    ['hey', 'informal'],
  ],
  signoffs: [
    [`mit (?:freundlichen|besten|herzlichen|freundlichem) ${GRUSS}(?:en|e)?`, 'formal'],
    [`freundliche ${GRUSS}e`, 'formal'],
    ['hochachtungsvoll', 'formal'],
    [`(?:beste|viele|herzliche|schöne|sonnige) ${GRUSS}e(?: aus \\p{L}+)?`, 'neutral'],
    [`liebe ${GRUSS}e(?: aus \\p{L}+)?`, 'informal'],
    [`${GRUSS}e`, 'neutral'],
    [`gru(?:ß|ss)`, 'neutral'],
    ['vg', 'neutral'],
    ['lg', 'informal'],
    ['alles gute', 'neutral'],
    ['(?:vielen )?dank(?: im voraus)?', 'neutral'],
    ['danke(?: dir| euch| ihnen| schön)?', 'neutral'],
    ['bis (?:bald|dann|später|morgen|nachher)', 'informal'],
    ['tschüss|tschüß|tschau|ciao', 'informal'],
    ['servus', 'informal'],
    ['bussi', 'informal'],
    ['(?:dein|deine|euer|eure)', 'informal'],
  ],
  formal: [
    'bez[üu]glich',
    'anbei',
    'beiliegend',
    'hiermit',
    'f[üu]r r[üu]ckfragen',
    'zur verf[üu]gung',
    'verbleibe',
    'diesbez[üu]glich',
    'des weiteren',
    'zudem',
  ],
  informal: [
    'super',
    'toll',
    'cool',
    'krass',
    'alles klar',
    `geht${APOS}s`,
    `gibt${APOS}s`,
    `hab${APOS}s`,
    'haha+',
    'yay',
  ],
  familiarYou:
    'du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure|euren|eurem|eurer',
  politeYou: 'Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres',
  politeYouCaseSensitive: true,
  friendly: [
    'danke',
    'super',
    'toll',
    'freue',
    'freuen',
    'sch[öo]n',
    'gro(?:ß|ss)artig',
    'prima',
    'klasse',
    'gerne?',
    'wunderbar',
  ],
  empathetic: [
    'leider',
    'tut mir leid',
    'verstehe',
    'entschuldig\\p{L}*',
    'hoffe',
    'schade',
    'schwierig',
  ],
  stopWords: set(
    'der die das den dem des ein eine einen einem einer und oder aber wenn dass zu von in im an am auf für mit bei aus nach ist sind war waren sein bin bist hat habe haben wird werden es ich du er sie wir ihr mich dich mir dir uns euch mein dein sein unser euer nicht auch noch schon so sehr nur wie',
  ),
  cueWords: set('und ich ist nicht der das mit für auf wir bis danke morgen ja gerne auch'),
}

export const LEXICON: Record<Language, Lexicon> = { english, spanish, french, german }
