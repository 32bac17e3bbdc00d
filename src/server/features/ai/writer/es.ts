/** The Spanish phrasebook: usted for formal contacts, tú for the others; no gendered "I". */
import type { Phrasebook } from './acts.js'
import { bare, list, phrase, pronoun, things, when, whenBare } from './es-grammar.js'
import { capitalise } from './text.js'
import { phrases, topic } from './es-phrases.js'

export const spanish: Phrasebook = {
  language: 'spanish',
  name: 'Spanish',
  phrases,
  opening: (c) =>
    c.warm
      ? c.formal
        ? [
            'Espero que se encuentre muy bien.',
            'Espero que esté teniendo una buena semana.',
            'Espero que todo vaya bien por su parte.',
          ]
        : [
            'Espero que estés muy bien.',
            '¡Espero que tengas una buena semana!',
            'Espero que todo vaya genial por ahí.',
          ]
      : c.formal
        ? ['Espero que se encuentre bien.', 'Espero que todo vaya bien.']
        : ['Espero que estés bien.', 'Espero que todo vaya bien.'],
  closing: (c, ending) =>
    ({
      // Waiting for the answer only where the draft asks something.
      asks: c.formal
        ? [
            'Quedo a su disposición para cualquier consulta.',
            'Quedo a la espera de sus noticias.',
            'Muchas gracias por su tiempo.',
          ]
        : ['Cualquier cosa, me dices.', '¡Hablamos pronto!', 'Quedo a la espera de tus noticias.'],
      declines: c.formal
        ? [
            'Gracias por su comprensión.',
            'Espero que tengamos otra ocasión pronto.',
            'Quedo a su disposición para cualquier consulta.',
          ]
        : ['¡Gracias por entenderlo!', '¡Ojalá la próxima vez sí pueda!', '¡Hablamos pronto!'],
      settles: c.formal
        ? [
            'Quedo a su disposición para cualquier consulta.',
            'Le deseo una muy buena semana.',
            'Que tenga un buen día.',
          ]
        : ['Cualquier cosa, me dices.', '¡Hablamos pronto!', '¡Que tengas una buena semana!'],
    })[ending],
  replyOpener: (c) =>
    c.formal
      ? ['Muchas gracias por su mensaje.', 'Gracias por su correo.', 'Le agradezco su mensaje.']
      : ['¡Gracias por tu mensaje!', 'Gracias por escribirme.', 'Muchas gracias por tu correo.'],
  yes: (c) => (c.formal ? ['Por supuesto.', 'Sí, claro.'] : ['¡Claro!', 'Sí, claro.']),
  subject(act, a, c) {
    const w = a.when ? ` ${when(a.when)}` : ''
    const names = list(a.objects.map((o) => bare(o, c)))
    switch (act) {
      case 'thank':
        return `Gracias${a.objects.length ? ` por ${things(a, c)}` : ''}`
      case 'askFor':
        return names ? (w ? `${names}${w}` : `Solicitud: ${names}`) : 'Una petición'
      case 'send':
      case 'pay':
        return names ? `${names}${w}` : 'Envío'
      case 'meet':
        return `${a.event === 'call' ? 'Llamada' : 'Reunión'}${topic(a, c)}${w}`
      case 'followUp':
        return names ? `Seguimiento: ${names}` : 'Seguimiento'
      case 'decline':
      case 'accept':
        return a.objects.length
          ? capitalise(list(a.objects.map((o) => phrase({ ...o, det: 'your' }, c))))
          : 'Mi respuesta'
      case 'confirm':
        return `Confirmación${names ? `: ${names}` : ''}${w}`
      case 'apologise':
        return 'Mis disculpas'
      case 'congratulate':
        return '¡Enhorabuena!'
      case 'update':
        return names ? `Novedades: ${names}` : 'Novedades'
      case 'moreTime':
        return 'Plazo'
      case 'remind':
        return `Recordatorio: ${names}`
      case 'reschedule':
        return `Nueva fecha: ${names}`
      case 'apologiseDelay':
        return 'Disculpas por el retraso'
      default:
        return names || 'Saludos'
    }
  },
  option(kind, a, c) {
    const fit = (long: string, short: string) => (long.length <= 40 ? long : short)
    switch (kind) {
      case 'yesSend':
        return fit(`Sí, enviaré ${things(a, c, '', 'eso')}`, `Sí, ${pronoun(a)} enviaré`)
      case 'moreTime':
        return 'Pedir más tiempo'
      case 'decline':
        return 'Rechazar con amabilidad'
      case 'meetYes':
        return a.when
          ? fit(`Sí, ${whenBare(a.when)} me viene bien`, 'Sí, me viene bien')
          : 'Sí, reunirnos'
      case 'proposeTime':
        return 'Proponer otro momento'
      case 'accept':
        return 'Aceptar la invitación'
      case 'askAgenda':
        return 'Pedir el orden del día'
      case 'receipt':
        return 'Confirmar la recepción'
      case 'thankDoc':
        return 'Dar las gracias'
      case 'welcome':
        return 'Decir «de nada»'
      case 'suggestMeeting':
        return 'Proponer una reunión'
      case 'askDetails':
        return 'Pedir más detalles'
      case 'pay':
        return a.when ? fit(`Pagaré ${when(a.when)}`, 'Pagaré la factura') : 'Pagaré la factura'
      case 'yes':
        return 'Decir que sí'
      case 'confirm':
        return 'Confirmar'
    }
  },
  join: {
    and: 'y',
    lowerable:
      /^(Te|Le|Lo|La|Me|Quería|Espero|Muchas|Gracias|Recibirá|Estoy|Quedo|Cualquier|Fue|Por|Lamentablemente|Tras|Siento|Ha|Será|Acepto|Realizaré|Haré)(?!\p{L})/u,
  },
  letter: {
    // A formal letter's greeting ends with a colon, the body going on with a capital
    // ("Estimada Dra. García:\n\nLe escribo…"); an informal "Hola Ana," keeps its comma.
    greetingMark: (c) => (c.formal ? ':' : ','),
    signoffMark: ',',
  },
}
