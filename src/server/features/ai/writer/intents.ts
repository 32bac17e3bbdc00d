/**
 * Reads what a request or an instruction wants ("ask for the Q3 report by Friday", "decline
 * politely", "sí, el jueves me va bien") in English, Spanish, French or German: one move per
 * clause, with its things, day and sum. What the reader cannot place is returned as `unsaid`,
 * for the notice; it never reaches the draft.
 */
import { findAmount, findWhen, type Amount, type When } from './entities.js'
import { findNounPhrases, unknownIn, type NounPhrase, type PlacedAmount } from './noun-phrases.js'
import { Clause, normalise, tokenize, words, type Token } from './text.js'

export type Intent =
  | 'welcome'
  | 'receipt'
  | 'apologise'
  | 'congratulate'
  | 'moreTime'
  | 'decline'
  | 'no'
  | 'accept'
  | 'yes'
  | 'pay'
  | 'followUp'
  | 'question'
  | 'askFor'
  | 'ask'
  | 'send'
  | 'meet'
  | 'propose'
  | 'reschedule'
  | 'confirm'
  | 'thanks'
  | 'update'
  /** Things named with nothing asked about them. */
  | 'about'

export type Move = {
  intent: Intent
  objects: NounPhrase[]
  when: When | null
  amount: Amount | null
  /** A meeting, or a call ("set up a call"). */
  event: 'meeting' | 'call'
  /** Other intents the clause carries ("propose" with "meet", "update" with "ask for"). */
  also: Intent[]
  /** The intent was guessed from the things named, no word said it. */
  guessed?: boolean
}

/** Something the reader could not put into words: the words, and the phrase they sit in. */
export type Unsaid = { words: string; within: string | null }

export type Reading = { moves: Move[]; unsaid: Unsaid[] }

/** Words that say what is wanted, most telling first; only the first-found intent leads. */
const TRIGGERS: [Intent, string][] = [
  [
    'welcome',
    "you'?re welcome|you are welcome|no problem|de nada|no hay de que|de rien|je vous en prie|je t' en prie|gern geschehen|keine ursache",
  ],
  [
    'receipt',
    'confirm(?:ing)? (?:the )?receipt|acknowledge receipt|acuse de recibo|confirmar (?:la )?recepcion|accuse de reception|confirmer (?:la )?(?:bonne )?reception|empfang bestatig\\w*|eingang bestatig\\w*',
  ],
  [
    'apologise',
    'apologi[sz]e\\w*|apolog(?:y|ies)|sorry|disculp\\w*|perdon\\w*|lo siento|excuse\\w*|desole\\w*|entschuldig\\w*|tut mir leid',
  ],
  [
    'congratulate',
    'congratulat\\w*|congrats|felicit\\w*|enhorabuena|bravo|gratulier\\w*|gluckwunsch\\w*',
  ],
  [
    'moreTime',
    '(?:more|extra|additional) time|an extension|extend the deadline|postpone|push back|mas tiempo|prorroga|aplazar|posponer|plus de temps|delai supplementaire|reporter|repousser|mehr zeit|aufschub|fristverlangerung|verschieben',
  ],
  [
    'decline',
    "declin\\w*|turn(?:ing)? down|say no|refuse|reject|can'?t (?:make|come|attend|go)|cannot (?:make|come|attend|go)|won'?t (?:make|be able)|not (?:be )?able to (?:come|attend|make it)|rechaz\\w*|decir que no|no (?:puedo|podre|podemos) (?:ir|asistir)|refus\\w*|dire non|absag\\w*|sag\\w* (?:\\w+ )?ab|ablehn\\w*|lehn\\w* (?:\\w+ )?ab",
  ],
  [
    'accept',
    'accept\\w*|say yes|acept\\w*|decir que si|annehm\\w*|nimm\\w* an|zusag\\w*|sag\\w* (?:\\w+ )?zu',
  ],
  [
    'pay',
    'pay|paying|pagar\\w*|pagare|payer|paierai|regler|reglerai|bezahl\\w*|zahle|zahlen|uberweis\\w*|begleich\\w*',
  ],
  [
    'followUp',
    'follow(?:ing)?[- ]?up|chase|check(?:ing)? in|remind(?:er)?|nudge|seguimiento|recordar\\w*|recuerd\\w*|recordatorio|relanc\\w*|suivi|rappel\\w*|nachfass\\w*|nachhak\\w*|erinner\\w*|writing again|write again|escribo de nuevo|escribo otra vez|vuelvo a escribir\\w*|retomar|reviens vers|revenir vers|ecris de nouveau|komme noch (?:einmal|mal) auf|melde mich noch (?:einmal|mal)',
  ],
  [
    'question',
    "ask (?:\\w+ )?(?:whether|if|how|when|what|why|where|who)|find out|pregunta\\w* (?:si|cuando|como|donde|quien)|averigu\\w*|demand\\w* (?:\\w+ )?(?:si|s'|quand|comment|pourquoi|ou)|frag\\w* (?:\\w+ )?(?:ob|wann|wie|warum|wo|wer)",
  ],
  [
    'askFor',
    "ask (?:\\w+ )?for|ask (?:\\w+ )?to (?:send|share)|request\\w*|(?:i|we) need|send (?:me|us)|get (?:me )?|pid\\w*|pedir\\w*|solicit\\w*|necesit\\w*|enviame|enviarme|mandame|mandarme|me envi\\w*|me mand\\w*|nos envi\\w*|demand\\w*|reclam\\w*|besoin|m' (?:envoyer|envoie|envoies|enverr\\w*|transmettre)|me faire parvenir|me faire passer|bitte\\w* (?:\\w+ )?um|anfordern|forder\\w*|brauch\\w*",
  ],
  ['ask', 'ask|pregunta\\w*|frag\\w*'],
  [
    'send',
    'send\\w*|share|sharing|forward\\w*|pass on|attach\\w*|envi\\w*|mand[ae]\\w*|compart\\w*|adjunt\\w*|envoi\\w*|envoy\\w*|enverr\\w*|partag\\w*|transmet\\w*|transmettre|joindre|schick\\w*|sende\\w*|zusenden|weiterleit\\w*|ubermittel\\w*',
  ],
  [
    'meet',
    'meet(?:ing up)?|catch up|schedule|set up|arrange|book|get together|quedar|quedamos|vernos|reunirnos|reunimos|agendar|organiz\\w*|rencontr\\w*|se voir|nous voir|organis\\w*|planifi\\w*|uns treffen|treffen wir|telefonier\\w*|anrufen|vereinbar\\w*|ausmachen',
  ],
  ['reschedule', 'move|reschedule|shift|mover|cambiar|trasladar|deplacer|decaler|verlegen|umlegen'],
  [
    'propose',
    'propos(?:e|es|ed|ing|er|ez|ons|erai)|suggest(?:s|ed|ing)?|how about|what about|instead|propon\\w*|sugier\\w*|suger\\w*|en su lugar|en cambio|plutot|a la place|vorschlagen|schlage vor|stattdessen|another time|another day|otro momento|otra hora|otro dia|autre creneau|autre moment|anderen termin|andere zeit',
  ],
  [
    'confirm',
    "confirm\\w*|works|is fine|sounds good|suits me|okay|ok|me (?:va|viene) (?:muy )?bien|me parece bien|perfecto|vale|de acuerdo|(?:me )?convient|ca (?:me )?va|d' accord|ca marche|bestatig\\w*|passt|geht klar|in ordnung|einverstanden",
  ],
  [
    'thanks',
    'thank\\w*|grateful|gratitude|appreciat\\w*|agrade[cz]\\w*|gracias|remerci\\w*|merci|bedank\\w*|danke\\w*|dank',
  ],
  [
    'update',
    'update|status|progress|news|actualiz\\w*|novedades|avances?|poner al dia|point sur|faire le point|nouvelles|avancement|zwischenstand|neuigkeiten',
  ],
]

/** Said only in an instruction for a reply, where a bare "yes" or "no" is an answer. */
const ANSWERS: [Intent, string][] = [
  ['no', 'no|nope|no thanks|no gracias|non|non merci|nein|nein danke'],
  [
    'yes',
    'yes|yeah|yep|sure|of course|certainly|claro|por supuesto|oui|bien sur|volontiers|dire oui|ja|klar|naturlich|selbstverstandlich|gerne',
  ],
]

/**
 * German verbs whose particle goes to the end ("schlag einen Termin am Donnerstag vor"): the
 * stem anywhere and the particle after it make the intent.
 */
const SEPARABLE: [Intent, RegExp, string][] = [
  ['propose', /^schlag\w*$/, 'vor'],
  ['decline', /^(sag|lehn)\w*$/, 'ab'],
  ['accept', /^sag\w*$/, 'zu'],
  ['accept', /^nimm\w*$/, 'an'],
  ['askFor', /^forder\w*$/, 'an'],
  ['meet', /^ruf\w*$/, 'an'],
  ['send', /^leite\w*$/, 'weiter'],
]

function separable(clause: Clause): Intent[] {
  const found: Intent[] = []
  for (const [intent, stem, particle] of SEPARABLE) {
    const at = clause.tokens.findIndex((t, i) => !clause.used[i] && stem.test(t.norm))
    if (at < 0) continue
    const end = clause.tokens.findIndex((t, i) => i > at && !clause.used[i] && t.norm === particle)
    if (end < 0) continue
    clause.use(at, at)
    clause.use(end, end)
    found.push(intent)
  }
  return found
}

const COMPILED = TRIGGERS.map(([intent, source]) => [intent, words(source)] as const)
const COMPILED_ANSWERS = ANSWERS.map(([intent, source]) => [intent, words(source)] as const)

/** Words that carry no content of their own: articles, pronouns, links, and the request's frame. */
const GLUE = new Set(
  `i me my mine we us our you your he him his she her they them their it its this that these those there here a an the to for of on in at by with from about as into and or but so if then than also too very really just please kindly politely nicely warmly gently briefly quickly short quick brief polite friendly formal informal nice kind warm would will can could should shall may might must do does did is are am be been was were have has had get let know tell say write draft compose email e-mail mail message note reply answer respond response letter thing something anything everything all any some more most other another again back up now soon asap not how what when where who which whether i'm i'll we'll it's that's don't can't i'd we're you're let's lets ok okay hi hello dear
yo mi mis nosotros nos nuestro nuestra tu te ti tus usted le les lo la los las el un una unos unas de del al a en con por para que y e o u pero si tambien muy mas ya favor escribe escribir escribele redacta correo mensaje nota breve corto corta educado educada amable cordial amablemente cortesia amabilidad educacion dile decirle diga decir avisa avisale hazle saber sobre este esta esto ese esa eso algo todo otra otro como cuando donde quien ser es son estar estoy haber ha he hay puede pueda puedes podria podrias gustaria quiero hola responder hablar comentar discutir tratar dale hazle
je j' m' moi mon ma mes notre tu t' toi ton ta tes vous votre vos il elle lui leur ils elles on l' une des du d' au aux dans avec pour par sur qu' qui et ou mais s' aussi tres plus moins encore ne n' pas plait s'il ecris ecrire redige courriel mot reponse court courte bref poli polie poliment aimable dis dis-lui dire faire savoir ce cet cette ces cela ca chose tout autre comme quand est sont etre avoir ai peux peut pourrais pourrait voudrais bonjour c' y repondre parler discuter evoquer
ich mich mir mein meine wir uns unser unsere du dich dir dein deine sie ihr ihre ihnen ihm ihn er es der die das den dem des ein eine einen einem einer eines und oder aber wenn dann auch noch sehr mehr weniger schon bitte schreib schreibe schreiben nachricht notiz antwort antworten kurz kurze kurzen hoflich freundlich bitten sag sage sagen mitteilen zu um an auf fur mit von vom zum zur im am in bei beim nach aus uber dass ob wie wann was wer wo warum kann konnen konnte konntest wurde wurden mochte will soll ist sind sein haben hat hallo etwas alles andere anderen besprechen sprechen reden
 discuss talk go over review give gives giving`.split(/\s+/),
)

/** The request's own frame: "write a short e-mail to Ana to", "escribe un correo a Ana para". */
const FRAME = words(
  '(?:please )?(?:write|draft|compose|prepare|send) (?:me |her |him |them )?(?:an? )?(?:(?:short|quick|brief|polite|friendly|formal|nice) )*(?:e-?mail|mail|message|note|reply|letter|response)|(?:escribe|redacta|prepara|manda)(?:le)? (?:un |una )?(?:correo|email|e-mail|mensaje|nota|respuesta)(?: (?:breve|corto|corta|amable|educado|educada))?|(?:ecris|redige|envoie|prepare)(?:-lui)? (?:un |une )?(?:(?:court|petit|bref) )?(?:mail|e-mail|courriel|message|mot|reponse)|(?:schreib|schreibe|verfasse|formuliere) (?:ihr |ihm )?(?:eine |einen )?(?:kurze |kurzen |freundliche |hofliche )?(?:e-mail|mail|nachricht|notiz|antwort)',
)

const SPLIT =
  /^(?:[.;!?:,()"“”«»„]|and|y|e|et|und|then|also|luego|despues|puis|ensuite|dann|but|pero|mais|aber|ademas|sowie)$/

/** Clauses of the text, at punctuation and at "and", "y", "et", "und", "then"... */
function clauses(text: string): Clause[] {
  const out: Clause[] = []
  let current: Token[] = []
  for (const token of tokenize(text)) {
    if (SPLIT.test(token.norm) && !/^\d/.test(token.raw)) {
      if (current.length) out.push(new Clause(current, text))
      current = []
    } else current.push(token)
  }
  if (current.length) out.push(new Clause(current, text))
  return out
}

type ReadOptions = {
  /** The recipient's name: its words are not content. */
  names: string[]
  /** An instruction for a reply may be a bare "yes" or "no". */
  answers: boolean
  /** More words that carry no content here (a draft read back: the phrasebooks' own words). */
  glue?: Set<string>
}

const SEND_VERB = /^(send|envi|mand|envo|enverr|schick|sende|zusend)/

function sentToMe(clause: Clause): boolean {
  const t = clause.tokens
  if (t.some((x) => x.norm === 'mir' || x.norm === 'uns')) return true
  return t.some(
    (x, i) =>
      SEND_VERB.test(x.norm) &&
      [t[i - 1]?.norm, t[i + 1]?.norm].some((n) => n === 'me' || n === 'us' || n === "m'"),
  )
}

/** Reads a request or an instruction into moves and what could not be said. */
export function readRequest(text: string, options: ReadOptions): Reading {
  const moves: Move[] = []
  const unsaid: Unsaid[] = []
  const nameWords = new Set(options.names.flatMap((n) => normalise(n).split(/\s+/)).filter(Boolean))
  clauses(text).forEach((clause, index) => {
    for (const { first, last } of clause.find(FRAME)) clause.use(first, last)
    clause.tokens.forEach((t, i) => {
      if (nameWords.has(t.norm)) clause.use(i, i)
    })
    const amounts: PlacedAmount[] = []
    for (let found = findAmount(clause); found; found = findAmount(clause)) amounts.push(found)
    const when = findWhen(clause)
    const intents: Intent[] = separable(clause)
    let event: Move['event'] = 'meeting'
    const sets = options.answers ? [...COMPILED_ANSWERS, ...COMPILED] : COMPILED
    for (const [intent, pattern] of sets) {
      for (const { first, last, match } of clause.find(pattern)) {
        // A bare "no" or "yes" answers only at the start of an instruction.
        if ((intent === 'no' || intent === 'yes') && (index > 1 || first > 1)) continue
        clause.use(first, last)
        if (/call|llamada|appel|anruf|telefon/.test(match[0])) event = 'call'
        if (!intents.includes(intent)) intents.push(intent)
      }
    }
    if (
      options.answers &&
      clause.tokens[0]?.raw.toLowerCase() === 'sí' &&
      !intents.includes('yes')
    ) {
      clause.use(0, 0)
      intents.unshift('yes')
    }
    const objects = findNounPhrases(clause, 'request', amounts)
    const loose = amounts.filter((a) => !objects.some((o) => o.amount === a.value))
    for (const np of objects) {
      unsaid.push(...unknownIn(np))
      if (np.noun.key === 'call') event = 'call'
    }
    const left = clause.tokens
      .map((t, i) => ({ t, i }))
      .filter(
        ({ t, i }) =>
          !clause.used[i] &&
          !t.punct &&
          !GLUE.has(t.norm) &&
          !options.glue?.has(t.norm) &&
          /\p{L}/u.test(t.norm),
      )
    const leftover = left.length ? clause.slice(left[0]!.i, left.at(-1)!.i) : null
    const whole = clause.slice(0, clause.tokens.length - 1)

    // "ask if we can move the call": a question that asks for something the phrasebooks can say.
    if (intents[0] === 'question' && intents.length > 1) intents.shift()
    let intent = intents[0] ?? null
    if (intent === 'ask') intent = objects.length ? 'askFor' : 'question'
    // "Schick mir…", "que me envíe…": sending to the writer is asking for it. German puts its
    // verb last, so "mir" anywhere counts; elsewhere it must stand next to the verb.
    if (intent === 'send' && sentToMe(clause)) intent = 'askFor'
    // "… ? I would need it by Friday": a second ask with nothing new but a day is the first's.
    const previous = moves.at(-1)
    if (
      intent &&
      previous &&
      !objects.length &&
      (intent === previous.intent || intent === 'askFor')
    ) {
      previous.when ??= when
      previous.amount ??= loose[0]?.value ?? null
      if (leftover) unsaid.push({ words: leftover, within: whole })
      return
    }
    if (intent === 'question' || (!intent && leftover)) {
      // A question the phrasebooks cannot ask, or a clause with no intent and words the writer
      // does not know: none of it goes into the draft.
      unsaid.push({ words: whole, within: null })
      return
    }
    if (leftover) unsaid.push({ words: leftover, within: whole })
    const move: Move = {
      intent: intent ?? 'confirm',
      objects,
      when,
      amount: loose[0]?.value ?? null,
      event,
      also: intents.slice(1),
    }
    if (!intent) {
      // "the slides and the report by Friday": things without a verb belong to the last move.
      if (previous) {
        previous.objects.push(...objects)
        previous.when ??= when
        previous.amount ??= move.amount
        return
      }
      if (!objects.length && !when && !move.amount) return
      // A request that only names things: a meeting to set up, a document to ask for.
      move.guessed = true
      move.intent = objects.some((o) => o.noun.kind === 'event')
        ? 'meet'
        : objects.some((o) => o.noun.kind === 'doc')
          ? 'askFor'
          : 'about'
    }
    moves.push(move)
  })
  return { moves, unsaid }
}
