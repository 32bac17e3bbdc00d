/**
 * The built-in basic templates every plan has (decision 051): eight common e-mails, each
 * written in English, Spanish, French and German as a native speaker would write it at work
 * (formal address: usted, vous, Sie). Variables are filled on insertion (contract/template-fill.ts);
 * every sentence still reads well when a name is unknown.
 */
import type { LANGUAGES } from '../../../contract/options.js'
import type { Template } from '../../../contract/templates.js'

type Language = (typeof LANGUAGES)[number]

type Text = { name: string; subject: string; body: string }
type Family = { key: string; texts: Record<Language, Text> }

export const LANGUAGE_CODES: Record<Language, string> = {
  english: 'en',
  spanish: 'es',
  french: 'fr',
  german: 'de',
}

/** French sets a narrow no-break space before ? ! : ; (so they never start a line). */
const french = (text: string) => text.replace(/ ([?!:;])/g, '\u202f$1')

const FAMILIES: Family[] = [
  {
    key: 'follow-up',
    texts: {
      english: {
        name: 'Follow-up',
        subject: 'Following up on my previous email',
        body: `Dear {{firstName}},

I hope you are well. I wanted to follow up on my previous email and see whether you have had a chance to look at it.

If you need anything else from me, please let me know. I look forward to hearing from you.

Best regards,
{{myName}}`,
      },
      spanish: {
        name: 'Seguimiento',
        subject: 'Seguimiento de mi mensaje anterior',
        body: `Hola, {{firstName}}:

Espero que se encuentre bien. Le escribo para dar seguimiento a mi mensaje anterior y saber si ha tenido ocasión de revisarlo.

Si necesita algo más de mi parte, no dude en decírmelo. Quedo a la espera de su respuesta.

Un cordial saludo,
{{myName}}`,
      },
      french: {
        name: 'Relance',
        subject: 'Suite à mon précédent message',
        body: french(`Bonjour {{firstName}},

J’espère que vous allez bien. Je me permets de revenir vers vous au sujet de mon précédent message : avez-vous eu l’occasion d’en prendre connaissance ?

Je reste à votre disposition si vous avez besoin d’autre chose de ma part. Dans l’attente de votre retour, je vous souhaite une excellente journée.

Bien cordialement,
{{myName}}`),
      },
      german: {
        name: 'Nachfassen',
        subject: 'Nachfrage zu meiner letzten E-Mail',
        body: `Guten Tag {{name}},

ich hoffe, es geht Ihnen gut. Ich wollte kurz an meine letzte E-Mail erinnern und fragen, ob Sie bereits Gelegenheit hatten, sie sich anzusehen.

Wenn Sie noch etwas von mir benötigen, geben Sie mir gern Bescheid. Ich freue mich auf Ihre Rückmeldung.

Mit freundlichen Grüßen
{{myName}}`,
      },
    },
  },
  {
    key: 'meeting-request',
    texts: {
      english: {
        name: 'Meeting request',
        subject: 'Meeting request',
        body: `Dear {{firstName}},

I would like to arrange a short meeting to discuss this in more detail. Would you have 30 minutes next week?

Please let me know which days and times suit you best, and I will send you an invitation.

Kind regards,
{{myName}}`,
      },
      spanish: {
        name: 'Solicitud de reunión',
        subject: 'Solicitud de reunión',
        body: `Hola, {{firstName}}:

Me gustaría organizar una breve reunión para hablar de este asunto con más detalle. ¿Tendría 30 minutos la próxima semana?

Indíqueme qué días y horarios le vienen mejor y le enviaré una convocatoria.

Un cordial saludo,
{{myName}}`,
      },
      french: {
        name: 'Demande de rendez-vous',
        subject: 'Demande de rendez-vous',
        body: french(`Bonjour {{firstName}},

Je souhaiterais organiser une courte réunion afin d’en discuter plus en détail. Auriez-vous 30 minutes à me consacrer la semaine prochaine ?

Pourriez-vous m’indiquer les jours et les horaires qui vous conviendraient le mieux ? Je vous enverrai ensuite une invitation.

Bien cordialement,
{{myName}}`),
      },
      german: {
        name: 'Terminanfrage',
        subject: 'Terminanfrage',
        body: `Guten Tag {{name}},

ich würde gern ein kurzes Treffen vereinbaren, um das Thema ausführlicher zu besprechen. Hätten Sie nächste Woche 30 Minuten Zeit?

Bitte teilen Sie mir mit, welche Tage und Uhrzeiten Ihnen am besten passen, dann schicke ich Ihnen eine Einladung.

Mit freundlichen Grüßen
{{myName}}`,
      },
    },
  },
  {
    key: 'thank-you',
    texts: {
      english: {
        name: 'Thank you',
        subject: 'Thank you',
        body: `Dear {{firstName}},

Thank you very much for your time and your help. I really appreciate it.

Please do not hesitate to get in touch if there is anything I can do for you in return.

Best regards,
{{myName}}`,
      },
      spanish: {
        name: 'Agradecimiento',
        subject: 'Muchas gracias',
        body: `Hola, {{firstName}}:

Muchas gracias por su tiempo y por su ayuda. Se lo agradezco sinceramente.

No dude en ponerse en contacto conmigo si hay algo en lo que pueda ayudarle.

Un cordial saludo,
{{myName}}`,
      },
      french: {
        name: 'Remerciements',
        subject: 'Merci beaucoup',
        body: french(`Bonjour {{firstName}},

Je vous remercie sincèrement pour votre temps et votre aide.

N’hésitez pas à me contacter si je peux vous être utile à mon tour.

Bien cordialement,
{{myName}}`),
      },
      german: {
        name: 'Dankeschön',
        subject: 'Vielen Dank',
        body: `Guten Tag {{name}},

vielen Dank für Ihre Zeit und Ihre Unterstützung. Das weiß ich sehr zu schätzen.

Wenn ich Ihnen im Gegenzug behilflich sein kann, melden Sie sich jederzeit gern.

Mit freundlichen Grüßen
{{myName}}`,
      },
    },
  },
  {
    key: 'introduction',
    texts: {
      english: {
        name: 'Introduction',
        subject: 'Introduction',
        body: `Dear {{firstName}},

I hope this message finds you well. I am writing to introduce myself and to tell you briefly about my work.

I would welcome the chance to learn more about your needs and to see whether we could work together. Would you be open to a short call in the coming days?

Best regards,
{{myName}}`,
      },
      spanish: {
        name: 'Presentación',
        subject: 'Presentación',
        body: `Hola, {{firstName}}:

Espero que se encuentre bien. Le escribo para presentarme y contarle brevemente a qué me dedico.

Me encantaría conocer mejor sus necesidades y ver si podríamos colaborar. ¿Le parecería bien que habláramos por teléfono en los próximos días?

Un cordial saludo,
{{myName}}`,
      },
      french: {
        name: 'Présentation',
        subject: 'Présentation',
        body: french(`Bonjour {{firstName}},

J’espère que vous allez bien. Je me permets de vous écrire afin de me présenter et de vous parler brièvement de mon activité.

Ce serait un plaisir d’en savoir plus sur vos besoins et de voir si nous pourrions travailler ensemble. Seriez-vous disponible pour un court échange téléphonique dans les prochains jours ?

Bien cordialement,
{{myName}}`),
      },
      german: {
        name: 'Vorstellung',
        subject: 'Kurze Vorstellung',
        body: `Guten Tag {{name}},

ich hoffe, es geht Ihnen gut. Ich möchte mich Ihnen kurz vorstellen und Ihnen einen Eindruck von meiner Arbeit geben.

Gern würde ich mehr über Ihre Anforderungen erfahren und herausfinden, ob wir zusammenarbeiten könnten. Hätten Sie in den nächsten Tagen Zeit für ein kurzes Telefonat?

Mit freundlichen Grüßen
{{myName}}`,
      },
    },
  },
  {
    key: 'out-of-office',
    texts: {
      english: {
        name: 'Out of office',
        subject: 'Out of office',
        body: `Hello,

Thank you for your email. I am currently out of the office and have limited access to email.

I will reply as soon as possible after my return. If your message is urgent, please say so in the subject line and I will do my best to answer sooner.

Best regards,
{{myName}}`,
      },
      spanish: {
        name: 'Fuera de la oficina',
        subject: 'Fuera de la oficina',
        body: `Gracias por su mensaje. En este momento me encuentro fuera de la oficina y tengo un acceso limitado al correo electrónico.

Le responderé lo antes posible a mi regreso. Si su mensaje es urgente, indíquelo en el asunto y haré lo posible por contestarle antes.

Un cordial saludo,
{{myName}}`,
      },
      french: {
        name: 'Absence du bureau',
        subject: 'Absence du bureau',
        body: french(`Bonjour,

Merci pour votre message. Je suis actuellement en dehors du bureau et je n’ai qu’un accès limité à mes e-mails.

Je vous répondrai dès que possible à mon retour. Si votre demande est urgente, merci de le préciser dans l’objet : je ferai mon possible pour vous répondre plus tôt.

Bien cordialement,
{{myName}}`),
      },
      german: {
        name: 'Abwesenheitsnotiz',
        subject: 'Abwesenheitsnotiz',
        body: `Guten Tag,

vielen Dank für Ihre Nachricht. Ich bin derzeit nicht im Büro und habe nur eingeschränkt Zugriff auf meine E-Mails.

Nach meiner Rückkehr melde ich mich so bald wie möglich bei Ihnen. Sollte Ihr Anliegen dringend sein, vermerken Sie dies bitte im Betreff; ich bemühe mich dann, Ihnen früher zu antworten.

Mit freundlichen Grüßen
{{myName}}`,
      },
    },
  },
  {
    key: 'invoice-reminder',
    texts: {
      english: {
        name: 'Invoice reminder',
        subject: 'Payment reminder',
        body: `Dear {{firstName}},

I hope you are well. This is a friendly reminder that our invoice is now due and, according to our records, we have not yet received payment.

Could you please let me know when we can expect it? If payment has already been made, please disregard this message.

Thank you in advance.

Kind regards,
{{myName}}`,
      },
      spanish: {
        name: 'Recordatorio de factura',
        subject: 'Recordatorio de pago',
        body: `Hola, {{firstName}}:

Espero que se encuentre bien. Le escribo para recordarle que nuestra factura ya ha vencido y, según nuestros registros, todavía no hemos recibido el pago.

¿Podría indicarme cuándo podemos esperarlo? Si ya ha realizado el pago, le ruego que ignore este mensaje.

Gracias de antemano.

Un cordial saludo,
{{myName}}`,
      },
      french: {
        name: 'Relance de facture',
        subject: 'Rappel de paiement',
        body: french(`Bonjour {{firstName}},

J’espère que vous allez bien. Je me permets de vous rappeler que notre facture est arrivée à échéance et que, sauf erreur de notre part, nous n’avons pas encore reçu votre règlement.

Pourriez-vous m’indiquer à quelle date nous pouvons l’attendre ? Si le paiement a déjà été effectué, merci de ne pas tenir compte de ce message.

Je vous remercie par avance.

Bien cordialement,
{{myName}}`),
      },
      german: {
        name: 'Zahlungserinnerung',
        subject: 'Zahlungserinnerung',
        body: `Guten Tag {{name}},

ich hoffe, es geht Ihnen gut. Ich möchte Sie freundlich daran erinnern, dass unsere Rechnung inzwischen fällig ist und wir laut unseren Unterlagen noch keinen Zahlungseingang verzeichnen konnten.

Könnten Sie mir bitte mitteilen, wann wir mit der Zahlung rechnen dürfen? Sollten Sie die Zahlung bereits veranlasst haben, betrachten Sie diese Nachricht bitte als gegenstandslos.

Vielen Dank im Voraus.

Mit freundlichen Grüßen
{{myName}}`,
      },
    },
  },
  {
    key: 'request-information',
    texts: {
      english: {
        name: 'Request for information',
        subject: 'Request for information',
        body: `Dear {{firstName}},

I hope you are well. Could you please send me more information about this, along with any documents you think would be useful?

If possible, it would help me a great deal to receive them by the end of the week.

Thank you in advance for your help.

Best regards,
{{myName}}`,
      },
      spanish: {
        name: 'Solicitud de información',
        subject: 'Solicitud de información',
        body: `Hola, {{firstName}}:

Espero que se encuentre bien. ¿Podría enviarme más información sobre este asunto, junto con los documentos que considere útiles?

Si es posible, me sería de gran ayuda recibirlos antes de que termine la semana.

Gracias de antemano por su ayuda.

Un cordial saludo,
{{myName}}`,
      },
      french: {
        name: 'Demande d’informations',
        subject: 'Demande d’informations',
        body: french(`Bonjour {{firstName}},

J’espère que vous allez bien. Pourriez-vous me transmettre davantage d’informations à ce sujet, ainsi que tout document qui vous semblerait utile ?

Dans la mesure du possible, j’aimerais les recevoir d’ici la fin de la semaine.

Je vous remercie par avance pour votre aide.

Bien cordialement,
{{myName}}`),
      },
      german: {
        name: 'Informationsanfrage',
        subject: 'Bitte um Informationen',
        body: `Guten Tag {{name}},

ich hoffe, es geht Ihnen gut. Könnten Sie mir bitte weitere Informationen dazu sowie alle Unterlagen schicken, die Sie für hilfreich halten?

Es würde mir sehr helfen, wenn ich sie nach Möglichkeit bis Ende der Woche erhalten könnte.

Vielen Dank im Voraus für Ihre Unterstützung.

Mit freundlichen Grüßen
{{myName}}`,
      },
    },
  },
  {
    key: 'apology-delay',
    texts: {
      english: {
        name: 'Apology for a late reply',
        subject: 'Apologies for my late reply',
        body: `Dear {{firstName}},

Please accept my apologies for the delay in getting back to you, and thank you for your patience.

I am now looking into your message and will send you a full answer shortly.

Best regards,
{{myName}}`,
      },
      spanish: {
        name: 'Disculpas por el retraso',
        subject: 'Disculpe la demora en responder',
        body: `Hola, {{firstName}}:

Le pido disculpas por la demora en responder a su mensaje y le agradezco su paciencia.

Ya estoy revisando lo que me comenta y le enviaré una respuesta completa en breve.

Un cordial saludo,
{{myName}}`,
      },
      french: {
        name: 'Excuses pour le retard',
        subject: 'Toutes mes excuses pour ce retard',
        body: french(`Bonjour {{firstName}},

Je vous prie de m’excuser pour le délai de ma réponse et vous remercie de votre patience.

J’examine actuellement votre message et vous ferai parvenir une réponse complète très prochainement.

Bien cordialement,
{{myName}}`),
      },
      german: {
        name: 'Entschuldigung für die Verzögerung',
        subject: 'Entschuldigung für meine späte Antwort',
        body: `Guten Tag {{name}},

bitte entschuldigen Sie meine verspätete Antwort und vielen Dank für Ihre Geduld.

Ich sehe mir Ihre Nachricht gerade genauer an und melde mich in Kürze mit einer ausführlichen Antwort bei Ihnen.

Mit freundlichen Grüßen
{{myName}}`,
      },
    },
  },
]

const LANGUAGE_ORDER: Language[] = ['english', 'spanish', 'french', 'german']

export const builtInId = (key: string, language: Language) =>
  `builtin-${key}-${LANGUAGE_CODES[language]}`

/** Every built-in template: family by family, each in English, Spanish, French and German. */
export const BUILT_IN_TEMPLATES: readonly Template[] = FAMILIES.flatMap((family) =>
  LANGUAGE_ORDER.map((language) => ({
    id: builtInId(family.key, language),
    kind: 'builtin' as const,
    key: family.key,
    ...family.texts[language],
    language,
    createdAt: null,
    updatedAt: null,
  })),
)

const byId = new Map(BUILT_IN_TEMPLATES.map((t) => [t.id, t]))

/** The built-in template with this id, or null. */
export function findBuiltIn(id: string): Template | null {
  return byId.get(id) ?? null
}

/** The same built-in e-mail in another language ("adapt it to the contact"), or null. */
export function builtInIn(key: string, language: Language): Template | null {
  return byId.get(builtInId(key, language)) ?? null
}
