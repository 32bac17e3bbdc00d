/** How each act is said in Spanish. */
import type { ActArgs, Ctx, Phrases } from './acts.js'
import { MONTHS, plural, pronoun, things, timeFirst, toDay, when, whenBare } from './es-grammar.js'
import { capitalise } from './text.js'

export const W = (a: ActArgs, fallback = '') => (a.when ? when(a.when) : fallback)
const sp = (text: string) => (text ? ` ${text}` : '')
const isKind = (a: ActArgs, ...kinds: string[]) =>
  a.objects.some((o) => kinds.includes(o.noun.kind) || kinds.includes(o.noun.key))
export const ev = (a: ActArgs) => (a.event === 'call' ? 'una llamada' : 'una reunión')
export const topic = (a: ActArgs, c: Ctx) => (a.objects.length ? ` sobre ${things(a, c)}` : '')
const Wb = (a: ActArgs) => capitalise(a.when ? whenBare(a.when) : '')

export const phrases: Phrases = {
  thank: (a, c) => {
    const o = things(a, c, '', 'todo')
    return c.formal
      ? [
          `Muchas gracias por ${o}.`,
          `Quería agradecerle sinceramente ${o}.`,
          `Le agradezco mucho ${o}.`,
        ]
      : [
          `¡Muchas gracias por ${o}!`,
          `Quería darte las gracias por ${o}.`,
          `Te agradezco muchísimo ${o}.`,
        ]
  },
  askFor: (a, c) => {
    const o = things(a, c)
    const lo = pronoun(a)
    return a.when
      ? c.formal
        ? [
            `¿Podría enviarme ${o}? ${capitalise(lo)} necesitaría ${W(a)}.`,
            `Le agradecería que me enviara ${o}. Lo ideal sería tener${lo} ${W(a)}.`,
            `¿Sería posible recibir ${o}? ${capitalise(W(a))} sería perfecto.`,
            `¿Podría enviarme ${o} ${W(a)}?`,
          ]
        : [
            `¿Podrías enviarme ${o}? ${capitalise(lo)} necesitaría ${W(a)}.`,
            `¿Me puedes mandar ${o}? ${capitalise(W(a))} sería genial.`,
            `¿Te importaría enviarme ${o}? Lo ideal sería tener${lo} ${W(a)}.`,
            `¿Me envías ${o} ${W(a)}?`,
          ]
      : c.formal
        ? [
            `¿Podría enviarme ${o} cuando tenga un momento?`,
            `Le agradecería que me enviara ${o}.`,
            `¿Sería posible recibir ${o}?`,
          ]
        : [
            `¿Podrías enviarme ${o} cuando puedas?`,
            `¿Me mandas ${o} cuando tengas un momento?`,
            `¿Te importaría enviarme, por favor, ${o}?`,
          ]
  },
  send: (a, c) => {
    const o = things(a, c)
    const w = W(a, c.formal ? 'en breve' : 'enseguida')
    return c.formal
      ? [
          `Le enviaré ${o} ${w}.`,
          `${capitalise(w)} tendrá ${o} en su correo.`,
          `Me encargo de enviarle ${o} ${w}.`,
        ]
      : [
          `Te envío ${o} ${w}.`,
          `${capitalise(w)} tendrás ${o} en tu correo.`,
          `Me encargo de enviarte ${o} ${w}.`,
        ]
  },
  meet: (a, c) => {
    const w = W(
      a,
      a.hints.dayPart
        ? `alguna ${a.hints.dayPart === 'morning' ? 'mañana' : 'tarde'} de la próxima semana`
        : 'en los próximos días',
    )
    return c.formal
      ? [
          `¿Estaría disponible para ${ev(a)}${topic(a, c)} ${w}?`,
          `¿Podríamos organizar ${ev(a)}${topic(a, c)} ${w}?`,
          `Le propongo ${ev(a)}${topic(a, c)} ${w}. ¿Le vendría bien?`,
        ]
      : [
          `¿Te viene bien ${ev(a)}${topic(a, c)} ${w}?`,
          `¿Podemos organizar ${ev(a)}${topic(a, c)} ${w}?`,
          `Te propongo ${ev(a)}${topic(a, c)} ${w}. ¿Qué te parece?`,
        ]
  },
  followUp: (a, c) => {
    const first = a.objects.length
      ? c.formal
        ? [
            `Le escribo de nuevo en relación con ${things(a, c)}.`,
            `Quería retomar el asunto ${things(a, c, 'de')}.`,
            `Me pongo de nuevo en contacto con usted por ${things(a, c)}.`,
          ]
        : [
            `Te escribo otra vez por ${things(a, c)}.`,
            `Quería retomar lo ${things(a, c, 'de')}.`,
            `Vuelvo a escribirte sobre ${things(a, c)}.`,
          ]
      : a.hints.lastMail
        ? [
            `${c.formal ? 'Le' : 'Te'} escribo en relación con mi correo del ${a.hints.lastMail.day} de ${MONTHS[a.hints.lastMail.month]}.`,
          ]
        : [`${c.formal ? 'Le' : 'Te'} escribo de nuevo en relación con mi último mensaje.`]
    const second = isKind(a, 'invoice', 'payment')
      ? c.formal
        ? [
            '¿Podría indicarme cuándo está previsto el pago?',
            '¿Me podría confirmar la fecha prevista de pago?',
          ]
        : ['¿Me dices cuándo está previsto el pago?', '¿Sabes ya cuándo se hará el pago?']
      : a.when
        ? [c.formal ? `¿Podría darme una respuesta ${W(a)}?` : `¿Me dices algo ${W(a)}?`]
        : c.formal
          ? ['¿Podría indicarme en qué punto se encuentra?', '¿Hay alguna novedad al respecto?']
          : ['¿Cómo va la cosa?', '¿Hay alguna novedad?']
    return first.flatMap((f) => second.map((s) => `${f} ${s}`))
  },
  decline: (a, c) => {
    const o = things(a, c)
    return isKind(a, 'event') || !a.objects.length
      ? c.formal
        ? [
            `${o ? `Muchas gracias por ${o}. ` : ''}Lamentablemente, no podré asistir${sp(W(a))}.`,
            `${o ? `Le agradezco mucho ${o}, pero por` : 'Por'} desgracia no me será posible asistir${sp(W(a))}.`,
            `Lamentablemente, esta vez tengo que declinar${o ? ` ${o}` : ''}.`,
          ]
        : [
            `${o ? `¡Muchas gracias por ${o}! ` : ''}Por desgracia, no podré ir${sp(W(a))}.`,
            `${o ? `Te agradezco mucho ${o}, pero esta` : 'Esta'} vez no podré ir${sp(W(a))}.`,
            `Lo siento mucho, pero esta vez no puedo aceptar${o ? ` ${o}` : ''}.`,
          ]
      : c.formal
        ? [
            `Le agradezco ${o}. Tras pensarlo detenidamente, he decidido no aceptar${pronoun(a)}.`,
            `Lamentablemente, no podré aceptar ${o}.`,
          ]
        : [
            `Gracias por ${o}, pero esta vez tengo que decir que no.`,
            `Lo siento, pero no puedo aceptar ${o}.`,
          ]
  },
  accept: (a, c) => {
    const o = things(a, c)
    return isKind(a, 'event') || !a.objects.length
      ? c.formal
        ? [
            `${o ? `Muchas gracias por ${o}. ` : ''}Será un placer asistir${sp(W(a))}.`,
            `Acepto con mucho gusto${o ? ` ${o}` : ''}.`,
          ]
        : [
            `${o ? `¡Gracias por ${o}! ` : ''}Allí estaré${sp(W(a))}.`,
            `¡Cuenta conmigo${sp(W(a))}!`,
          ]
      : c.formal
        ? [`Acepto con mucho gusto ${o}.`, `Me complace aceptar ${o}.`]
        : [`¡Acepto ${o} con mucho gusto!`, `¡Perfecto, acepto ${o}!`]
  },
  confirm: (a, c) => {
    const te = c.formal ? 'Le' : 'Te'
    return a.objects.length
      ? [
          `${te} confirmo con ${c.formal ? 'mucho ' : ''}gusto ${things(a, c)}${sp(W(a))}.`,
          c.formal
            ? `Por la presente le confirmo ${things(a, c)}${sp(W(a))}.`
            : `Confirmado: ${things(a, c)}${sp(W(a))}.`,
        ]
      : a.when
        ? [
            `${te} confirmo que ${whenBare(a.when)} me viene bien.`,
            `${Wb(a)} me viene bien, ${c.formal ? 'se lo' : 'te lo'} confirmo.`,
          ]
        : [`${te} confirmo que me viene bien.`, 'Confirmado por mi parte.']
  },
  apologise: (a, c) =>
    !a.objects.length || isKind(a, 'delay')
      ? c.formal
        ? ['Le pido disculpas por el retraso.', 'Disculpe el retraso.']
        : ['¡Perdona el retraso!', 'Siento mucho el retraso.']
      : c.formal
        ? [
            `Le pido disculpas por lo ocurrido con ${things(a, c)}.`,
            `Lamento lo sucedido con ${things(a, c)}.`,
          ]
        : [`Siento mucho lo ${things(a, c, 'de')}.`, `Perdona lo ${things(a, c, 'de')}.`],
  congratulate: (a, c) =>
    a.objects.length
      ? c.formal
        ? [
            `¡Enhorabuena por ${things(a, c)}!`,
            `Reciba mi más sincera enhorabuena por ${things(a, c)}.`,
          ]
        : [`¡Enhorabuena por ${things(a, c)}!`, `¡Muchísimas felicidades por ${things(a, c)}!`]
      : ['¡Enhorabuena!', '¡Muchísimas felicidades!'],
  update: (a, c) =>
    a.objects.length
      ? c.formal
        ? [
            `Le escribo para ponerle al día sobre ${things(a, c)}.`,
            `Quería darle una breve actualización sobre ${things(a, c)}.`,
          ]
        : [
            `Te escribo para ponerte al día sobre ${things(a, c)}.`,
            `Te cuento rápidamente cómo va lo ${things(a, c, 'de')}.`,
          ]
      : [c.formal ? 'Le escribo para ponerle al día.' : 'Te escribo para ponerte al día.'],
  moreTime: (a, c) =>
    c.formal
      ? [
          `¿Sería posible disponer de algo más de tiempo?${a.when ? ` ${Wb(a)} me vendría mejor.` : ''}`,
          `¿Podríamos aplazar un poco el plazo${a.when ? ` hasta ${whenBare(a.when)}` : ''}?`,
        ]
      : [
          `¿Podría tener un poco más de tiempo?${a.when ? ` ${Wb(a)} me vendría mejor.` : ''}`,
          `¿Te parece si movemos el plazo${a.when ? ` a ${whenBare(a.when)}` : ' un poco'}?`,
        ],
  welcome: (_a, c) =>
    c.formal
      ? ['No hay de qué; me alegra que le haya sido útil.', 'Ha sido un placer ayudarle.']
      : ['¡De nada! Me alegra que te haya servido.', '¡Un placer ayudarte!'],
  received: (a, c) => {
    const o = things(a, c, '', 'su mensaje')
    const lo = capitalise(pronoun(a))
    return c.formal
      ? [
          `Muchas gracias por enviarme ${o}. ${lo} revisaré y le responderé en breve.`,
          `Le agradezco que me haya enviado ${o}. ${lo} revisaré con atención y le diré algo pronto.`,
        ]
      : [
          `¡Gracias por enviarme ${things(a, c, '', 'esto')}! ${lo} miro y te digo algo.`,
          `Muchas gracias por ${things(a, c, '', 'esto')}. ${lo} reviso y te cuento.`,
        ]
  },
  receipt: (a, c) => {
    const o = things(a, c, '', c.formal ? 'su mensaje' : 'tu mensaje')
    return [
      `${c.formal ? 'Le' : 'Te'} confirmo que he recibido ${o}.`,
      `${capitalise(o)} ${plural(a) ? 'han' : 'ha'} llegado correctamente${c.formal ? '' : ', ¡gracias!'}`.replace(
        /([^!])$/,
        '$1.',
      ),
    ]
  },
  pay: (a, c) => {
    const o = things(a, c, 'de', 'de la factura')
    return c.formal
      ? [`Realizaré el pago ${o}${sp(W(a))}.`, `Me encargaré del pago ${o}${sp(W(a, 'en breve'))}.`]
      : [`Haré el pago ${o}${sp(W(a))}.`, `Me encargo del pago ${o}${sp(W(a, 'enseguida'))}.`]
  },
  cannotSend: (a, c) => {
    const o = things(a, c, '', 'esto')
    return c.formal
      ? [
          `Siento decirle que no podré enviarle ${o}${sp(W(a))}. ¿Le vendría bien un poco más adelante?`,
          `Me temo que no me será posible enviarle ${o}${sp(W(a))}. ¿Podríamos acordar otra fecha?`,
        ]
      : [
          `Lo siento, pero no podré enviarte ${o}${sp(W(a))}. ¿Te viene bien un poco más adelante?`,
          `Me temo que no llego a enviarte ${o}${sp(W(a))}. ¿Lo dejamos para un poco más tarde?`,
        ]
  },
  meetYes: (a, c) =>
    a.when
      ? [
          `${Wb(a)} me viene bien.`,
          `${capitalise(timeFirst(a.when))} me va perfecto.`,
          `Perfecto, ${timeFirst(a.when)} me viene muy bien.`,
        ]
      : c.formal
        ? ['Con mucho gusto nos reunimos. ¿Qué día le vendría bien?']
        : ['¡Claro que sí! ¿Qué día te viene bien?'],
  meetNo: (a, c) =>
    c.formal
      ? [
          `Lamentablemente, ${a.when ? whenBare(a.when) : 'en ese momento'} no me es posible. ¿Podría proponerme otro momento?`,
          `Me temo que ${a.when ? whenBare(a.when) : 'ese momento'} no me viene bien. ¿Le vendría bien otro día?`,
        ]
      : [
          `Lo siento, pero ${a.when ? whenBare(a.when) : 'en ese momento'} no puedo. ¿Me propones otro momento?`,
          `Me temo que ${a.when ? whenBare(a.when) : 'ese momento'} no me va bien. ¿Buscamos otro día?`,
        ],
  proposeTime: (a, c) =>
    a.when
      ? c.formal
        ? [`¿Le vendría bien ${whenBare(a.when)} en su lugar?`, `¿Podríamos vernos ${W(a)}?`]
        : [`¿Te viene bien ${whenBare(a.when)}?`, `¿Qué tal ${whenBare(a.when)}?`]
      : c.formal
        ? ['¿Podríamos buscar otro momento? Dígame qué le vendría bien.']
        : ['¿Buscamos otro momento? Dime qué te viene bien.'],
  holding: (_a, c) =>
    c.formal
      ? ['Lo consulto y le respondo en breve.', 'Le responderé a su pregunta lo antes posible.']
      : ['Lo miro y te digo algo pronto.', 'Te respondo en cuanto pueda.'],
  yes: (_a, c) =>
    c.formal
      ? ['Sí, por supuesto.', 'Sí, me parece bien.']
      : ['¡Sí, claro!', 'Sí, me parece genial.'],
  no: (_a, c) =>
    c.formal
      ? ['Lamentablemente, esta vez no me va a ser posible.', 'Me temo que esta vez no podrá ser.']
      : ['Lo siento, pero esta vez no puedo.', 'Me temo que no va a poder ser.'],
  noted: (_a, c) =>
    c.formal
      ? ['Gracias por informarme.', 'Muchas gracias por la información.']
      : ['¡Gracias por avisarme!', 'Gracias por contármelo.'],
  metAt: (a, c) => [
    `Fue un placer ${c.formal ? 'conocerle' : 'conocerte'} ${things(a, c, 'en', 'en el evento')}.`,
    `Me alegró mucho ${c.formal ? 'conocerle' : 'conocerte'} ${things(a, c, 'en', 'en el evento')}.`,
  ],
  remind: (a, c) => {
    const first = c.formal
      ? [
          `Le recuerdo ${things(a, c)}${sp(W(a))}.`,
          `Me permito recordarle ${things(a, c)}${sp(W(a))}.`,
        ]
      : [
          `Te recuerdo ${things(a, c)}${sp(W(a))}.`,
          `¡No te olvides ${things(a, c, 'de')}${sp(W(a))}!`,
        ]
    const second = c.formal
      ? ['Nos vemos entonces.', 'Avíseme si hay algún cambio.']
      : ['¡Nos vemos!', 'Avísame si hay algún cambio.']
    return first.flatMap((f) => second.map((s) => `${f} ${s}`))
  },
  reschedule: (a, c) => {
    const to = a.when ? toDay(a.when) : 'a otro momento'
    return c.formal
      ? [`¿Podríamos pasar ${things(a, c)} ${to}?`, `¿Sería posible cambiar ${things(a, c)} ${to}?`]
      : [`¿Podemos pasar ${things(a, c)} ${to}?`, `¿Te parece si movemos ${things(a, c)} ${to}?`]
  },
  apologiseDelay: (a, c) =>
    c.formal
      ? [
          `Le pido disculpas por el retraso ${things(a, c, 'con')}.`,
          `Disculpe el retraso ${things(a, c, 'con')}.`,
        ]
      : [
          `¡Perdona el retraso ${things(a, c, 'con')}!`,
          `Siento mucho el retraso ${things(a, c, 'con')}.`,
        ],
  generic: (a, c) =>
    a.objects.length
      ? c.formal
        ? [
            `Le escribo en relación con ${things(a, c)}.`,
            `Me pongo en contacto con usted por ${things(a, c)}.`,
          ]
        : [`Te escribo por ${things(a, c)}.`, `Quería comentarte algo sobre ${things(a, c)}.`]
      : [
          c.formal
            ? 'Le escribo para ponerme en contacto con usted.'
            : 'Te escribo para saludarte.',
        ],
}
