/**
 * The offline writer's words (decision 011): for each language and formality, the lines an
 * e-mail or a reply is made of. `compose.ts` picks among them.
 */
import type { Formality, Language } from '../prompt.js'

export type Intent =
  'thanks' | 'apology' | 'followUp' | 'request' | 'update' | 'congrats' | 'meeting'
export type ReplyIntent = 'question' | 'thanks' | 'meeting' | 'other'

type Phrasebook = {
  /** The opening line, warm (friendly, casual) or neutral (professional, formal). */
  opening: { warm: string; neutral: string }
  /** The body of a new e-mail by intent; `{t}` is the quoted topic. */
  body: Record<Intent | 'other', string>
  /** The body of a reply by what the original asked; `{t}` is the quoted subject. */
  reply: Record<ReplyIntent, string>
  closing: { warm: string; neutral: string }
  /** Stands in for `{t}` when the request leaves no topic. */
  noTopic: string
  quote: (topic: string) => string
}

type Phrasebooks = Record<Language, Record<Formality, Phrasebook>>

const en: Phrasebook = {
  opening: {
    warm: 'I hope you are doing well and that your week is going smoothly.',
    neutral: 'I hope this message finds you well.',
  },
  body: {
    thanks:
      'I wanted to thank you for {t}. Your help made a real difference, and I truly appreciate the time and care you put into it.',
    apology:
      'Please accept my apologies for the delay regarding {t}. I am on it now, and I will send you everything you need as soon as possible.',
    followUp:
      'I am following up on {t}. Could you let me know where things stand and whether you need anything else from me?',
    request:
      'I am writing to ask about {t}. Could you let me know whether this is possible, and when it would suit you?',
    update:
      'Here is a short update on {t}. The work is moving forward as planned, and I will keep you informed of the next steps.',
    congrats: 'Congratulations on {t}! It is a well-deserved success, and I am very happy for you.',
    meeting:
      'I would like to arrange a meeting about {t}. Would one of the coming days suit you? I am happy to adapt to your schedule.',
    other:
      'I am writing to you about {t}. I would be glad to hear your thoughts when you have a moment.',
  },
  reply: {
    question:
      'Thank you for your message about {t}. I am looking into your question and will get back to you with a full answer shortly.',
    thanks:
      'Thank you for your kind message about {t}. It was a pleasure, and I am glad it helped.',
    meeting:
      'Thank you for your message about {t}. The proposal works for me, and I look forward to speaking with you.',
    other:
      'Thank you for your message about {t}. I have read it carefully and will come back to you shortly.',
  },
  closing: {
    warm: 'Let me know if there is anything else I can do.',
    neutral: 'Please do not hesitate to contact me if you have any questions.',
  },
  noTopic: 'our recent exchange',
  quote: (t) => `“${t}”`,
}

export const phrasebooks: Phrasebooks = {
  english: { formal: en, informal: en },
  spanish: {
    formal: {
      opening: {
        warm: 'Espero que se encuentre muy bien y que su semana vaya estupendamente.',
        neutral: 'Espero que se encuentre bien.',
      },
      body: {
        thanks:
          'Quería agradecerle sinceramente por {t}. Su ayuda ha sido de gran valor y le agradezco el tiempo y la dedicación que le ha puesto.',
        apology:
          'Le pido disculpas por el retraso con respecto a {t}. Ya me estoy ocupando de ello y le enviaré todo lo necesario lo antes posible.',
        followUp:
          'Le escribo para dar seguimiento a {t}. ¿Podría indicarme en qué punto se encuentra y si necesita algo más de mi parte?',
        request:
          'Le escribo para consultarle sobre {t}. ¿Podría indicarme si es posible y cuándo le vendría bien?',
        update:
          'Le envío una breve actualización sobre {t}. El trabajo avanza según lo previsto y le mantendré informado de los próximos pasos.',
        congrats: '¡Enhorabuena por {t}! Es un éxito muy merecido y me alegro mucho por usted.',
        meeting:
          'Me gustaría organizar una reunión sobre {t}. ¿Le vendría bien alguno de los próximos días? Me adapto con gusto a su agenda.',
        other:
          'Le escribo en relación con {t}. Me encantaría conocer su opinión cuando tenga un momento.',
      },
      reply: {
        question:
          'Muchas gracias por su mensaje sobre {t}. Estoy revisando su pregunta y le responderé con todos los detalles muy pronto.',
        thanks:
          'Muchas gracias por su amable mensaje sobre {t}. Ha sido un placer y me alegro de que le haya sido útil.',
        meeting:
          'Muchas gracias por su mensaje sobre {t}. La propuesta me parece bien y espero con interés nuestra conversación.',
        other:
          'Muchas gracias por su mensaje sobre {t}. Lo he leído con atención y le responderé muy pronto.',
      },
      closing: {
        warm: 'Quedo a su disposición para lo que necesite.',
        neutral: 'No dude en ponerse en contacto conmigo si tiene cualquier pregunta.',
      },
      noTopic: 'nuestra conversación reciente',
      quote: (t) => `«${t}»`,
    },
    informal: {
      opening: {
        warm: 'Espero que estés muy bien y que tu semana vaya genial.',
        neutral: 'Espero que estés bien.',
      },
      body: {
        thanks:
          'Quería darte las gracias de verdad por {t}. Tu ayuda ha sido muy valiosa y te agradezco el tiempo y el cariño que le has dedicado.',
        apology:
          'Perdona el retraso con lo de {t}. Ya me estoy ocupando de ello y te envío todo lo que necesitas lo antes posible.',
        followUp:
          'Te escribo para hacer seguimiento de {t}. ¿Me cuentas cómo va todo y si necesitas algo más de mi parte?',
        request:
          'Te escribo para preguntarte por {t}. ¿Me dices si es posible y cuándo te viene bien?',
        update:
          'Te mando una breve actualización sobre {t}. El trabajo avanza según lo previsto y te iré contando los próximos pasos.',
        congrats: '¡Enhorabuena por {t}! Es un éxito muy merecido y me alegro muchísimo por ti.',
        meeting:
          'Me gustaría que nos reuniéramos para hablar de {t}. ¿Te viene bien alguno de los próximos días? Me adapto a tu agenda sin problema.',
        other:
          'Te escribo por lo de {t}. Me encantaría saber qué piensas cuando tengas un momento.',
      },
      reply: {
        question:
          'Muchas gracias por tu mensaje sobre {t}. Estoy mirando tu pregunta y te respondo con todos los detalles muy pronto.',
        thanks:
          'Muchas gracias por tu mensaje tan amable sobre {t}. Ha sido un placer y me alegro de que te haya servido.',
        meeting:
          'Muchas gracias por tu mensaje sobre {t}. La propuesta me parece perfecta y tengo muchas ganas de que hablemos.',
        other:
          'Muchas gracias por tu mensaje sobre {t}. Lo he leído con calma y te respondo muy pronto.',
      },
      closing: {
        warm: 'Dime si puedo ayudarte en algo más.',
        neutral: 'Si tienes cualquier pregunta, aquí estoy.',
      },
      noTopic: 'nuestra conversación reciente',
      quote: (t) => `«${t}»`,
    },
  },
  french: {
    formal: {
      opening: {
        warm: "J'espère que vous allez bien et que votre semaine se passe agréablement.",
        neutral: "J'espère que vous vous portez bien.",
      },
      body: {
        thanks:
          'Je tenais à vous remercier sincèrement pour {t}. Votre aide a été précieuse et je vous suis reconnaissant du temps et du soin que vous y avez consacrés.',
        apology:
          "Je vous prie d'accepter mes excuses pour le retard concernant {t}. Je m'en occupe dès maintenant et je vous enverrai tout le nécessaire dans les plus brefs délais.",
        followUp:
          "Je me permets de revenir vers vous au sujet de {t}. Pourriez-vous m'indiquer où en sont les choses et si vous avez besoin d'autre chose de ma part ?",
        request:
          'Je vous écris au sujet de {t}. Pourriez-vous me dire si cela est possible et à quel moment cela vous conviendrait ?',
        update:
          'Voici un bref point sur {t}. Le travail avance comme prévu et je vous tiendrai informé des prochaines étapes.',
        congrats:
          'Toutes mes félicitations pour {t} ! C’est un succès bien mérité et je suis très heureux pour vous.',
        meeting:
          "Je souhaiterais organiser une réunion au sujet de {t}. L'un des prochains jours vous conviendrait-il ? Je m'adapterai volontiers à votre agenda.",
        other:
          "Je vous écris au sujet de {t}. Je serais heureux d'avoir votre avis lorsque vous aurez un moment.",
      },
      reply: {
        question:
          "Je vous remercie pour votre message concernant {t}. J'examine votre question et je reviens vers vous très rapidement avec une réponse complète.",
        thanks:
          'Je vous remercie pour votre aimable message concernant {t}. Ce fut un plaisir et je suis ravi que cela vous ait été utile.',
        meeting:
          'Je vous remercie pour votre message concernant {t}. La proposition me convient parfaitement et je me réjouis de notre échange.',
        other:
          "Je vous remercie pour votre message concernant {t}. Je l'ai lu avec attention et je reviens vers vous très rapidement.",
      },
      closing: {
        warm: 'Je reste à votre disposition pour toute question.',
        neutral: "N'hésitez pas à me contacter si vous avez la moindre question.",
      },
      noTopic: 'notre récent échange',
      quote: (t) => `« ${t} »`,
    },
    informal: {
      opening: {
        warm: "J'espère que tu vas bien et que ta semaine se passe bien.",
        neutral: "J'espère que tu vas bien.",
      },
      body: {
        thanks:
          "Je voulais te remercier pour {t}. Ton aide m'a vraiment été précieuse et je te suis reconnaissant du temps que tu y as consacré.",
        apology:
          "Désolé pour le retard concernant {t}. Je m'en occupe tout de suite et je t'envoie tout ce qu'il te faut au plus vite.",
        followUp:
          "Je reviens vers toi au sujet de {t}. Tu peux me dire où en sont les choses et si tu as besoin d'autre chose de ma part ?",
        request:
          "Je t'écris au sujet de {t}. Tu peux me dire si c'est possible et quand cela t'arrangerait ?",
        update:
          'Voici un petit point sur {t}. Le travail avance comme prévu et je te tiens au courant des prochaines étapes.',
        congrats:
          'Félicitations pour {t} ! C’est un succès bien mérité et je suis vraiment content pour toi.',
        meeting:
          "J'aimerais qu'on se retrouve pour parler de {t}. L'un des prochains jours te conviendrait ? Je m'adapte à ton agenda sans problème.",
        other:
          "Je t'écris au sujet de {t}. J'aimerais bien avoir ton avis quand tu auras un moment.",
      },
      reply: {
        question:
          'Merci pour ton message concernant {t}. Je regarde ta question et je reviens vers toi très vite avec une réponse complète.',
        thanks:
          "Merci pour ton gentil message concernant {t}. Ce fut un plaisir et je suis content que cela t'ait aidé.",
        meeting:
          "Merci pour ton message concernant {t}. La proposition me va très bien et j'ai hâte qu'on en parle.",
        other:
          "Merci pour ton message concernant {t}. Je l'ai lu avec attention et je reviens vers toi très vite.",
      },
      closing: {
        warm: "Dis-moi si je peux t'aider pour autre chose.",
        neutral: "N'hésite pas à me contacter si tu as la moindre question.",
      },
      noTopic: 'notre dernier échange',
      quote: (t) => `« ${t} »`,
    },
  },
  german: {
    formal: {
      opening: {
        warm: 'Ich hoffe, es geht Ihnen gut und Ihre Woche verläuft angenehm.',
        neutral: 'Ich hoffe, es geht Ihnen gut.',
      },
      body: {
        thanks:
          'Ich möchte mich herzlich bei Ihnen für {t} bedanken. Ihre Unterstützung war mir eine große Hilfe, und ich weiß die Zeit und Sorgfalt, die Sie investiert haben, sehr zu schätzen.',
        apology:
          'Bitte entschuldigen Sie die Verzögerung bei {t}. Ich kümmere mich jetzt darum und sende Ihnen alles Nötige so schnell wie möglich zu.',
        followUp:
          'Ich möchte noch einmal auf {t} zurückkommen. Könnten Sie mir mitteilen, wie der aktuelle Stand ist und ob Sie noch etwas von mir benötigen?',
        request:
          'Ich schreibe Ihnen wegen {t}. Könnten Sie mir mitteilen, ob das möglich ist und wann es Ihnen passen würde?',
        update:
          'Hier ein kurzer Zwischenstand zu {t}. Die Arbeit schreitet wie geplant voran, und ich halte Sie über die nächsten Schritte auf dem Laufenden.',
        congrats:
          'Herzlichen Glückwunsch zu {t}! Das ist ein wohlverdienter Erfolg, und ich freue mich sehr für Sie.',
        meeting:
          'Ich würde gerne ein Treffen zu {t} vereinbaren. Würde Ihnen einer der nächsten Tage passen? Ich richte mich gerne nach Ihrem Kalender.',
        other:
          'Ich schreibe Ihnen wegen {t}. Ich würde mich freuen, Ihre Meinung dazu zu hören, wenn Sie einen Moment Zeit haben.',
      },
      reply: {
        question:
          'Vielen Dank für Ihre Nachricht zu {t}. Ich prüfe Ihre Frage und melde mich in Kürze mit einer ausführlichen Antwort bei Ihnen.',
        thanks:
          'Vielen Dank für Ihre freundliche Nachricht zu {t}. Es war mir eine Freude, und es freut mich, dass es Ihnen geholfen hat.',
        meeting:
          'Vielen Dank für Ihre Nachricht zu {t}. Der Vorschlag passt mir sehr gut, und ich freue mich auf unser Gespräch.',
        other:
          'Vielen Dank für Ihre Nachricht zu {t}. Ich habe sie aufmerksam gelesen und melde mich in Kürze bei Ihnen.',
      },
      closing: {
        warm: 'Sagen Sie mir gerne Bescheid, wenn ich noch etwas für Sie tun kann.',
        neutral: 'Bei Fragen stehe ich Ihnen jederzeit gerne zur Verfügung.',
      },
      noTopic: 'unseren letzten Austausch',
      quote: (t) => `„${t}“`,
    },
    informal: {
      opening: {
        warm: 'Ich hoffe, dir geht es gut und deine Woche läuft prima.',
        neutral: 'Ich hoffe, dir geht es gut.',
      },
      body: {
        thanks:
          'Ich wollte mich ganz herzlich bei dir für {t} bedanken. Deine Hilfe war mir wirklich wichtig, und ich weiß die Zeit, die du dir genommen hast, sehr zu schätzen.',
        apology:
          'Entschuldige bitte die Verspätung bei {t}. Ich kümmere mich jetzt darum und schicke dir alles, was du brauchst, so schnell wie möglich.',
        followUp:
          'Ich wollte noch einmal wegen {t} nachfragen. Kannst du mir sagen, wie der Stand ist und ob du noch etwas von mir brauchst?',
        request:
          'Ich schreibe dir wegen {t}. Kannst du mir sagen, ob das möglich ist und wann es dir passen würde?',
        update:
          'Hier ein kurzer Zwischenstand zu {t}. Die Arbeit läuft wie geplant, und ich halte dich über die nächsten Schritte auf dem Laufenden.',
        congrats:
          'Herzlichen Glückwunsch zu {t}! Das ist ein wohlverdienter Erfolg, und ich freue mich riesig für dich.',
        meeting:
          'Ich würde mich gerne mit dir treffen, um über {t} zu sprechen. Passt dir einer der nächsten Tage? Ich richte mich gerne nach dir.',
        other:
          'Ich schreibe dir wegen {t}. Ich würde mich freuen, deine Meinung dazu zu hören, wenn du kurz Zeit hast.',
      },
      reply: {
        question:
          'Vielen Dank für deine Nachricht zu {t}. Ich schaue mir deine Frage an und melde mich bald mit einer ausführlichen Antwort bei dir.',
        thanks:
          'Vielen Dank für deine liebe Nachricht zu {t}. Es war mir eine Freude, und schön, dass es dir geholfen hat.',
        meeting:
          'Vielen Dank für deine Nachricht zu {t}. Der Vorschlag passt mir sehr gut, und ich freue mich auf unser Gespräch.',
        other:
          'Vielen Dank für deine Nachricht zu {t}. Ich habe sie aufmerksam gelesen und melde mich bald bei dir.',
      },
      closing: {
        warm: 'Sag mir gerne Bescheid, wenn ich noch etwas für dich tun kann.',
        neutral: 'Wenn du Fragen hast, melde dich einfach jederzeit.',
      },
      noTopic: 'unseren letzten Austausch',
      quote: (t) => `„${t}“`,
    },
  },
}
