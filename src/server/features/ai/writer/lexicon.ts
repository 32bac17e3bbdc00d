/**
 * The offline writer's small dictionary: the things a work e-mail is about (documents,
 * meetings, events, help) and the adjectives that go with them, written out per language with
 * gender and number, so a draft names "the signed contract" as "el contrato firmado" without
 * translating anything it does not know. What is not here, the writer leaves out and says so.
 */
import type { Language } from '../prompt.js'
import { normalise } from './text.js'

export type Gender = 'm' | 'f' | 'n'
/** A noun in one language: its word (and plural), gender, and whether it is plural by nature. */
export type NounForm = { word: string; plural: string; g: Gender; pl: boolean }

export type NounKind =
  /** Something sent or received: a report, the slides, an invoice. */
  | 'doc'
  /** Something attended: a meeting, a call, a dinner. */
  | 'event'
  /** Something the other person gives or has: their help, time, promotion ("your help"). */
  | 'personal'
  | 'thing'

export type Noun = {
  key: string
  kind: NounKind
  forms: Record<Language, NounForm>
  /** Normalised words that name it in any of the four languages. */
  matches: string[]
}

/**
 * One noun per line: the key, its kind, then per language "word:gender[p][/plural]|other
 * words that name it". `p` marks a noun that is plural by nature (the slides).
 */
// One row a noun: the table reads across, language by language.
// prettier-ignore
const NOUNS: [string, NounKind, string, string, string, string][] = [
  ['slides', 'doc', 'slides:np|slide deck|deck', 'diapositivas:fp', 'diapositives:fp', 'Folien:fp|foliensatz|slides'],
  ['report', 'doc', 'report:n', 'informe:m|reporte', 'rapport:m', 'Bericht:m/Berichte|report'],
  ['contract', 'doc', 'contract:n', 'contrato:m', 'contrat:m', 'Vertrag:m/Verträge|vertrage'],
  ['invoice', 'doc', 'invoice:n|bill', 'factura:f', 'facture:f', 'Rechnung:f/Rechnungen'],
  ['agenda', 'doc', 'agenda:n', 'orden del día:m|orden del dia|agenda', 'ordre du jour:m|agenda', 'Tagesordnung:f|agenda'],
  ['questionnaire', 'doc', 'questionnaire:n|survey', 'cuestionario:m|encuesta', 'questionnaire:m', 'Fragebogen:m/Fragebögen|umfrage'],
  ['proposal', 'doc', 'proposal:n', 'propuesta:f', 'proposition:f', 'Vorschlag:m/Vorschläge|vorschlage'],
  ['budget', 'doc', 'budget:n', 'presupuesto:m', 'budget:m', 'Budget:n/Budgets|etat'],
  ['presentation', 'doc', 'presentation:n', 'presentación:f/presentaciones|presentacion', 'présentation:f|presentation', 'Präsentation:f/Präsentationen|prasentation'],
  ['quote', 'doc', 'quote:n|quotation|estimate', 'cotización:f/cotizaciones|cotizacion', 'devis:m/devis', 'Kostenvoranschlag:m/Kostenvoranschläge'],
  ['minutes', 'doc', 'minutes:np|meeting notes', 'acta:f', 'compte rendu:m/comptes rendus', 'Protokoll:n/Protokolle'],
  ['documents', 'doc', 'documents:np|paperwork|document', 'documentos:mp|documento|documentacion', 'documents:mp|document', 'Unterlagen:fp|dokumente|dokument'],
  ['files', 'doc', 'files:np|file', 'archivos:mp|archivo|ficheros', 'fichiers:mp|fichier', 'Dateien:fp|datei'],
  ['figures', 'doc', 'figures:np|numbers', 'cifras:fp|numeros', 'chiffres:mp', 'Zahlen:fp'],
  ['plan', 'doc', 'plan:n|roadmap', 'plan:m/planes', 'plan:m', 'Plan:m/Pläne'],
  ['schedule', 'doc', 'schedule:n|timeline', 'calendario:m|cronograma', 'planning:m|calendrier', 'Zeitplan:m/Zeitpläne'],
  ['cv', 'doc', 'CV:n|cv', 'currículum:m/currículums|curriculum|cv', 'CV:m/CV|cv', 'Lebenslauf:m/Lebensläufe|lebenslauf'],
  ['draft', 'doc', 'draft:n', 'borrador:m/borradores', 'brouillon:m|ebauche', 'Entwurf:m/Entwürfe|entwurfe'],
  ['photos', 'doc', 'photos:np|pictures|photo', 'fotos:fp|foto', 'photos:fp|photo', 'Fotos:fp|foto|bilder'],
  ['receipt', 'doc', 'receipt:n', 'recibo:m', 'reçu:m|recu', 'Beleg:m/Belege|quittung'],
  ['form', 'doc', 'form:n', 'formulario:m', 'formulaire:m', 'Formular:n/Formulare'],
  ['summary', 'doc', 'summary:n', 'resumen:m/resúmenes', 'résumé:m|resume|synthese', 'Zusammenfassung:f/Zusammenfassungen'],
  ['specs', 'doc', 'specifications:np|specs|specification', 'especificaciones:fp|especificacion', 'spécifications:fp|specification|cahier des charges', 'Spezifikation:f/Spezifikationen'],
  ['order', 'doc', 'order:n|purchase order', 'pedido:m', 'commande:f', 'Bestellung:f/Bestellungen'],
  ['list', 'doc', 'list:n', 'lista:f', 'liste:f', 'Liste:f/Listen'],
  ['results', 'doc', 'results:np', 'resultados:mp', 'résultats:mp|resultats', 'Ergebnisse:np'],
  ['data', 'doc', 'data:np', 'datos:mp', 'données:fp|donnees', 'Daten:np'],
  ['details', 'doc', 'details:np', 'detalles:mp', 'détails:mp|details', 'Details:np|einzelheiten'],
  ['tickets', 'doc', 'tickets:np|ticket', 'entradas:fp|entrada|billetes', 'billets:mp|billet', 'Tickets:np|karten|ticket'],
  ['payment', 'thing', 'payment:n', 'pago:m', 'paiement:m|reglement', 'Zahlung:f/Zahlungen|uberweisung'],
  ['delivery', 'thing', 'delivery:n', 'entrega:f', 'livraison:f', 'Lieferung:f/Lieferungen'],
  ['delay', 'thing', 'delay:n', 'retraso:m', 'retard:m', 'Verzögerung:f/Verzögerungen|verzogerung|verspatung'],
  ['deadline', 'thing', 'deadline:n', 'plazo:m|fecha limite', 'échéance:f|echeance|date limite', 'Frist:f/Fristen|deadline'],
  ['project', 'thing', 'project:n', 'proyecto:m', 'projet:m', 'Projekt:n/Projekte'],
  ['launch', 'thing', 'launch:n', 'lanzamiento:m', 'lancement:m', 'Launch:m/Launches|markteinfuhrung'],
  ['offer', 'thing', 'offer:n', 'oferta:f', 'offre:f', 'Angebot:n/Angebote'],
  ['review', 'thing', 'review:n', 'revisión:f/revisiones|revision', 'relecture:f', 'Durchsicht:f'],
  ['meeting', 'event', 'meeting:n', 'reunión:f/reuniones|reunion|cita', 'réunion:f|reunion|rendez-vous', 'Termin:m/Termine|treffen|besprechung|meeting'],
  ['call', 'event', 'call:n|phone call|video call', 'llamada:f|videollamada', 'appel:m|visio', 'Telefonat:n/Telefonate|anruf|call|videocall'],
  ['invitation', 'event', 'invitation:n|invite', 'invitación:f/invitaciones|invitacion', 'invitation:f', 'Einladung:f/Einladungen'],
  ['event', 'event', 'event:n', 'evento:m', 'événement:m|evenement', 'Veranstaltung:f/Veranstaltungen|event'],
  ['dinner', 'event', 'dinner:n', 'cena:f', 'dîner:m|diner', 'Abendessen:n'],
  ['lunch', 'event', 'lunch:n', 'comida:f|almuerzo', 'déjeuner:m|dejeuner', 'Mittagessen:n'],
  ['workshop', 'event', 'workshop:n', 'taller:m/talleres', 'atelier:m', 'Workshop:m/Workshops'],
  ['conference', 'event', 'conference:n', 'congreso:m|conferencia', 'conférence:f|conference', 'Konferenz:f/Konferenzen'],
  ['interview', 'event', 'interview:n', 'entrevista:f', 'entretien:m', 'Gespräch:n/Gespräche|gesprach|interview'],
  ['demo', 'event', 'demo:n', 'demostración:f/demostraciones|demostracion|demo', 'démo:f|demo|demonstration', 'Demo:f/Demos'],
  ['training', 'event', 'training:n', 'formación:f/formaciones|formacion', 'formation:f', 'Schulung:f/Schulungen|training'],
  ['party', 'event', 'party:n', 'fiesta:f', 'fête:f|fete|soiree', 'Feier:f/Feiern|party'],
  ['webinar', 'event', 'webinar:n', 'webinario:m', 'webinaire:m', 'Webinar:n/Webinare'],
  ['trip', 'event', 'trip:n', 'viaje:m', 'voyage:m', 'Reise:f/Reisen'],
  ['visit', 'event', 'visit:n', 'visita:f', 'visite:f', 'Besuch:m/Besuche'],
  ['help', 'personal', 'help:n', 'ayuda:f', 'aide:f', 'Hilfe:f'],
  ['support', 'personal', 'support:n', 'apoyo:m', 'soutien:m', 'Unterstützung:f|unterstutzung'],
  ['time', 'personal', 'time:n', 'tiempo:m', 'temps:m/temps', 'Zeit:f'],
  ['work', 'personal', 'work:n', 'trabajo:m', 'travail:m/travaux', 'Arbeit:f'],
  ['advice', 'personal', 'advice:n', 'consejos:mp|consejo', 'conseils:mp|conseil', 'Rat:m|ratschlag'],
  ['patience', 'personal', 'patience:n', 'paciencia:f', 'patience:f', 'Geduld:f'],
  ['feedback', 'personal', 'feedback:n|comments', 'comentarios:mp|comentario|opinion', 'retours:mp|retour|avis|commentaires', 'Feedback:n|ruckmeldung'],
  ['hospitality', 'personal', 'hospitality:n', 'hospitalidad:f', 'accueil:m', 'Gastfreundschaft:f'],
  ['recommendation', 'personal', 'recommendation:n', 'recomendación:f/recomendaciones|recomendacion', 'recommandation:f', 'Empfehlung:f/Empfehlungen'],
  ['promotion', 'personal', 'promotion:n', 'ascenso:m', 'promotion:f', 'Beförderung:f|beforderung'],
  ['job', 'personal', 'job:n|position|role', 'puesto:m|trabajo nuevo', 'poste:m', 'Stelle:f/Stellen|job'],
  ['birthday', 'personal', 'birthday:n', 'cumpleaños:m/cumpleaños|cumpleanos', 'anniversaire:m', 'Geburtstag:m/Geburtstage'],
  ['wedding', 'personal', 'wedding:n', 'boda:f', 'mariage:m', 'Hochzeit:f/Hochzeiten'],
  ['gift', 'personal', 'gift:n', 'regalo:m', 'cadeau:m/cadeaux', 'Geschenk:n/Geschenke'],
]

function nounForm(spec: string, language: Language): { form: NounForm; extra: string[] } {
  const [head = '', ...extra] = spec.split('|')
  const [wordPart = '', flags = ''] = head.split(':')
  const [gFlag = 'm', ...rest] = flags.split('/')
  const pl = gFlag.includes('p')
  const g = (gFlag.replace('p', '') || 'm') as Gender
  const word = wordPart
  const plural = rest[0] ?? (pl ? word : defaultPlural(word, language))
  return { form: { word, plural, g: language === 'english' ? 'n' : g, pl }, extra }
}

function defaultPlural(word: string, language: Language): string {
  if (language === 'german') return word
  if (/[sxz]$/.test(word)) return word
  if (language === 'spanish' && /[^aeiou]$/.test(word)) return `${word}es`
  return `${word}s`
}

const LANGS: Language[] = ['english', 'spanish', 'french', 'german']

export const nouns: Noun[] = NOUNS.map(([key, kind, ...specs]) => {
  const matches = new Set<string>()
  const forms = {} as Record<Language, NounForm>
  specs.forEach((spec, i) => {
    const language = LANGS[i]!
    const { form, extra } = nounForm(spec, language)
    forms[language] = form
    for (const word of [form.word, form.plural, ...extra]) matches.add(normalise(word))
    // "works" is a verb far more often than the plural of work.
    if (language === 'english' && !form.pl && kind !== 'personal')
      matches.add(normalise(`${form.word}s`))
  })
  return { key, kind, forms, matches: [...matches] }
})

export const nounByKey = (key: string) => nouns.find((n) => n.key === key)!

/**
 * An adjective: English word, Spanish and French masculine forms (the feminine and plural are
 * made by rule unless given as "m/f/mpl/fpl"), German stem; `pre` marks those that go before
 * the noun in Spanish and French ("el próximo martes", "la prochaine réunion").
 */
export type Adjective = {
  key: string
  es: [string, string, string, string]
  fr: [string, string, string, string]
  de: string
  pre: { es: boolean; fr: boolean }
  matches: string[]
}

// prettier-ignore
const ADJECTIVES: [string, string, string, string, string?][] = [
  ['signed', 'firmado', 'signé', 'unterschrieben'],
  ['final', 'final/final/finales/finales', 'définitif/définitive/définitifs/définitives', 'endgültig'],
  ['updated', 'actualizado', 'mis à jour/mise à jour/mis à jour/mises à jour', 'aktualisiert'],
  ['revised', 'revisado', 'révisé', 'überarbeitet'],
  ['new', 'nuevo', 'nouveau/nouvelle/nouveaux/nouvelles', 'neu', 'pre'],
  ['latest', 'último', 'dernier/dernière/derniers/dernières', 'neuest', 'pre'],
  ['next', 'próximo', 'prochain', 'nächst', 'pre'],
  ['first', 'primer/primera/primeros/primeras', 'premier/première/premiers/premières', 'erst', 'pre'],
  ['monthly', 'mensual/mensual/mensuales/mensuales', 'mensuel/mensuelle/mensuels/mensuelles', 'monatlich'],
  ['quarterly', 'trimestral/trimestral/trimestrales/trimestrales', 'trimestriel/trimestrielle/trimestriels/trimestrielles', 'vierteljährlich'],
  ['annual', 'anual/anual/anuales/anuales', 'annuel/annuelle/annuels/annuelles', 'jährlich'],
  ['weekly', 'semanal/semanal/semanales/semanales', 'hebdomadaire/hebdomadaire/hebdomadaires/hebdomadaires', 'wöchentlich'],
  ['complete', 'completo', 'complet/complète/complets/complètes', 'vollständig'],
  ['short', 'breve/breve/breves/breves', 'court/courte/courts/courtes', 'kurz', 'pre'],
  ['great', 'estupendo', 'formidable/formidable/formidables/formidables', 'großartig', 'pre'],
  ['wonderful', 'maravilloso', 'merveilleux/merveilleuse/merveilleux/merveilleuses', 'wunderbar', 'pre'],
  ['lovely', 'agradable/agradable/agradables/agradables', 'charmant', 'schön', 'pre'],
  ['kind', 'amable/amable/amables/amables', 'aimable/aimable/aimables/aimables', 'freundlich'],
  ['detailed', 'detallado', 'détaillé', 'ausführlich'],
  ['official', 'oficial/oficial/oficiales/oficiales', 'officiel/officielle/officiels/officielles', 'offiziell'],
]

/** Extra words that name an adjective (English synonyms, other spellings). */
const ADJECTIVE_SYNONYMS: Record<string, string[]> = {
  latest: ['most recent', 'recent'],
  short: ['quick', 'brief'],
  great: ['fantastic', 'excellent'],
  final: ['finished'],
  annual: ['yearly'],
  complete: ['full'],
  kind: ['generous'],
}

function romance(spec: string, language: 'es' | 'fr'): [string, string, string, string] {
  const given = spec.split('/')
  if (given.length === 4) return given as [string, string, string, string]
  const m = given[0]!
  const f = language === 'es' ? m.replace(/o$/, 'a') : m.endsWith('e') ? m : `${m}e`
  return [m, f, `${m}s`, `${f}s`]
}

export const adjectives: Adjective[] = ADJECTIVES.map(([key, es, fr, de, pre]) => {
  const esForms = romance(es, 'es')
  const frForms = romance(fr, 'fr')
  const deForms = ['', 'e', 'en', 'er', 'es', 'em'].map((ending) => `${de}${ending}`)
  const matches = [key, ...(ADJECTIVE_SYNONYMS[key] ?? []), ...esForms, ...frForms, ...deForms]
  return {
    key,
    es: esForms,
    fr: frForms,
    de,
    pre: { es: pre === 'pre', fr: pre === 'pre' },
    matches: [...new Set(matches.map(normalise))],
  }
})

export const adjectiveByKey = (key: string) => adjectives.find((a) => a.key === key)!
