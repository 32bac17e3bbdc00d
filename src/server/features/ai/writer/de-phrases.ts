/** How each act is said in German. */
import type { ActArgs, Ctx, Phrases } from './acts.js'
import { MONTHS, plural, pronoun, things, when, whenBare } from './de-grammar.js'
import { capitalise } from './text.js'

export const W = (a: ActArgs, fallback = '') => (a.when ? when(a.when) : fallback)
const sp = (text: string) => (text ? ` ${text}` : '')
const isKind = (a: ActArgs, ...kinds: string[]) =>
  a.objects.some((o) => kinds.includes(o.noun.kind) || kinds.includes(o.noun.key))
export const acc = (a: ActArgs, c: Ctx, fallback = '') => things(a, c, 'acc', '', fallback)
const dat = (a: ActArgs, c: Ctx, prep = '', fallback = '') => things(a, c, 'dat', prep, fallback)
const nom = (a: ActArgs, c: Ctx, fallback = '') => things(a, c, 'nom', '', fallback)
export const ev = (a: ActArgs) => (a.event === 'call' ? 'ein Telefonat' : 'einen Termin')
export const topic = (a: ActArgs, c: Ctx) => (a.objects.length ? ` ${dat(a, c, 'zu')}` : '')
const Wb = (a: ActArgs) => capitalise(a.when ? whenBare(a.when) : '')
const isAre = (a: ActArgs, one: string, many: string) => (plural(a) ? many : one)

export const phrases: Phrases = {
  thank: (a, c) => {
    const o = acc(a, c, 'alles')
    return c.formal
      ? [
          `Vielen Dank für ${o}.`,
          `Ich möchte mich herzlich für ${o} bedanken.`,
          `Herzlichen Dank für ${o}; ich weiß das sehr zu schätzen.`,
        ]
      : [
          `Vielen Dank für ${o}!`,
          `Ich wollte mich ganz herzlich für ${o} bedanken.`,
          `Danke dir für ${o}, das weiß ich echt zu schätzen.`,
        ]
  },
  askFor: (a, c) => {
    const o = acc(a, c)
    return a.when
      ? c.formal
        ? [
            `Könnten Sie mir ${o} schicken? Ich bräuchte ${pronoun(a)} ${W(a)}.`,
            `Ich wäre Ihnen dankbar, wenn Sie mir ${o} ${W(a)} zukommen lassen könnten.`,
            `Wäre es möglich, ${o} ${W(a)} zu bekommen?`,
            `Könnten Sie mir ${o} ${W(a)} schicken?`,
          ]
        : [
            `Könntest du mir ${o} schicken? Ich bräuchte ${pronoun(a)} ${W(a)}.`,
            `Kannst du mir ${o} ${W(a)} schicken?`,
            `Wärst du so lieb und schickst mir ${o} ${W(a)}?`,
          ]
      : c.formal
        ? [
            `Könnten Sie mir ${o} schicken, wenn Sie einen Moment Zeit haben?`,
            `Wäre es möglich, ${o} zu bekommen?`,
            `Ich wäre Ihnen dankbar, wenn Sie mir ${o} zukommen lassen könnten.`,
          ]
        : [
            `Könntest du mir ${o} schicken, wenn du kurz Zeit hast?`,
            `Kannst du mir ${o} schicken?`,
            `Wärst du so lieb und schickst mir ${o}?`,
          ]
  },
  send: (a, c) => {
    const o = acc(a, c)
    const w = W(a, c.formal ? 'in Kürze' : 'gleich')
    return c.formal
      ? [
          `Ich schicke Ihnen ${o} ${w}.`,
          `Sie erhalten ${o} ${w} von mir.`,
          `${capitalise(w)} haben Sie ${o} in Ihrem Postfach.`,
        ]
      : [
          `Ich schicke dir ${o} ${w}.`,
          `Du bekommst ${o} ${w} von mir.`,
          `${capitalise(w)} hast du ${o} in deinem Postfach.`,
        ]
  },
  meet: (a, c) => {
    const w = W(
      a,
      a.hints.dayPart
        ? `an einem ${a.hints.dayPart === 'morning' ? 'Vormittag' : 'Nachmittag'} nächste Woche`
        : 'in den nächsten Tagen',
    )
    const withEv = a.event === 'call' ? 'einem Telefonat' : 'einem Termin'
    return c.formal
      ? [
          `Hätten Sie ${w} Zeit für ${ev(a)}${topic(a, c)}?`,
          `Könnten wir ${w} ${ev(a)}${topic(a, c)} vereinbaren?`,
          `Ich würde ${w} ${ev(a)}${topic(a, c)} vorschlagen. Würde Ihnen das passen?`,
        ]
      : [
          `Hast du ${w} Zeit für ${ev(a)}${topic(a, c)}?`,
          `Wollen wir ${w} ${ev(a)}${topic(a, c)} ausmachen?`,
          `Wie wäre es mit ${withEv}${topic(a, c)} ${w}?`,
        ]
  },
  followUp: (a, c) => {
    const first = a.objects.length
      ? c.formal
        ? [
            `Ich komme noch einmal auf ${acc(a, c)} zurück.`,
            `Ich melde mich noch einmal ${dat(a, c, 'zu')}.`,
            `Ich wollte Sie kurz an ${acc(a, c)} erinnern.`,
          ]
        : [
            `Ich komme noch mal auf ${acc(a, c)} zurück.`,
            `Ich melde mich noch mal ${dat(a, c, 'zu')}.`,
            `Kurze Erinnerung an ${acc(a, c)}.`,
          ]
      : a.hints.lastMail
        ? [
            `Ich komme noch einmal auf meine E-Mail vom ${a.hints.lastMail.day}. ${MONTHS[a.hints.lastMail.month]} zurück.`,
          ]
        : ['Ich komme noch einmal auf meine letzte Nachricht zurück.']
    const second = isKind(a, 'invoice', 'payment')
      ? c.formal
        ? [
            'Könnten Sie mir sagen, wann die Zahlung geplant ist?',
            'Können Sie mir den voraussichtlichen Zahlungstermin mitteilen?',
          ]
        : [
            'Weißt du schon, wann die Zahlung kommt?',
            'Kannst du mir sagen, wann die Zahlung geplant ist?',
          ]
      : a.when
        ? [
            c.formal
              ? `Könnten Sie mir ${W(a)} eine kurze Rückmeldung geben?`
              : `Kannst du mir ${W(a)} kurz Bescheid geben?`,
          ]
        : c.formal
          ? [
              'Könnten Sie mir sagen, wie der aktuelle Stand ist?',
              'Gibt es dazu schon Neuigkeiten?',
            ]
          : ['Wie ist der Stand?', 'Gibt es schon etwas Neues?']
    return first.flatMap((f) => second.map((s) => `${f} ${s}`))
  },
  decline: (a, c) => {
    const o = acc(a, c)
    return isKind(a, 'event') || !a.objects.length
      ? c.formal
        ? [
            `${o ? `Vielen Dank für ${o}. ` : ''}Leider kann ich${sp(W(a))} nicht teilnehmen.`,
            `${o ? `Herzlichen Dank für ${o}, aber leider` : 'Leider'} ist es mir${sp(W(a))} nicht möglich, dabei zu sein.`,
            `Leider muss ich ${o || 'die Einladung'} dieses Mal ablehnen.`,
          ]
        : [
            `${o ? `Vielen Dank für ${o}! ` : ''}Leider kann ich${sp(W(a))} nicht kommen.`,
            `${o ? `Danke für ${o}, aber leider` : 'Leider'} schaffe ich es${sp(W(a))} nicht.`,
            `Danke${o ? ` für ${o}` : ''}, aber dieses Mal muss ich leider absagen.`,
          ]
      : c.formal
        ? [
            `Vielen Dank für ${o}. Nach reiflicher Überlegung habe ich mich entschieden, ${pronoun(a)} nicht anzunehmen.`,
            `Leider muss ich ${o} ablehnen.`,
          ]
        : [
            `Danke für ${o}, aber dieses Mal muss ich leider absagen.`,
            `Ich muss ${o} leider ablehnen.`,
          ]
  },
  accept: (a, c) => {
    const o = acc(a, c)
    return isKind(a, 'event') || !a.objects.length
      ? c.formal
        ? [
            `${o ? `Vielen Dank für ${o}. ` : ''}Ich nehme${sp(W(a))} sehr gerne teil.`,
            `Ich nehme ${o || 'die Einladung'} sehr gerne an.`,
          ]
        : [
            `${o ? `Danke für ${o}! ` : ''}Ich bin${sp(W(a))} gerne dabei.`,
            `Ich komme${sp(W(a))} sehr gerne!`,
          ]
      : c.formal
        ? [`Ich nehme ${o} sehr gerne an.`, `Gerne nehme ich ${o} an.`]
        : [`Ich nehme ${o} sehr gerne an!`, `Super, ich nehme ${o} an!`]
  },
  confirm: (a, c) =>
    a.objects.length
      ? c.formal
        ? [
            `Hiermit bestätige ich ${acc(a, c)}${sp(W(a))}.`,
            `Gerne bestätige ich Ihnen ${acc(a, c)}${sp(W(a))}.`,
          ]
        : [
            `Ich bestätige dir ${acc(a, c)}${sp(W(a))}.`,
            `Alles klar, ich bestätige ${acc(a, c)}${sp(W(a))}.`,
          ]
      : a.when
        ? [
            `Ich bestätige, dass mir ${whenBare(a.when)} passt.`,
            `${Wb(a)} passt mir, das ist hiermit bestätigt.`,
          ]
        : ['Ich bestätige, dass das für mich passt.', 'Von meiner Seite ist alles bestätigt.'],
  apologise: (a, c) =>
    !a.objects.length || isKind(a, 'delay')
      ? c.formal
        ? [
            'Bitte entschuldigen Sie die Verzögerung.',
            'Entschuldigen Sie bitte die späte Rückmeldung.',
          ]
        : ['Entschuldige bitte die Verzögerung!', 'Tut mir leid, dass es so lange gedauert hat.']
      : c.formal
        ? [
            `Bitte entschuldigen Sie, was mit ${dat(a, c)} passiert ist.`,
            `Es tut mir sehr leid, was mit ${dat(a, c)} passiert ist.`,
          ]
        : [
            `Entschuldige bitte, was mit ${dat(a, c)} passiert ist.`,
            `Es tut mir echt leid, was mit ${dat(a, c)} passiert ist.`,
          ],
  congratulate: (a, c) =>
    a.objects.length
      ? c.formal
        ? [
            `Herzlichen Glückwunsch ${dat(a, c, 'zu')}!`,
            `${capitalise(dat(a, c, 'zu'))} gratuliere ich Ihnen ganz herzlich.`,
          ]
        : [
            `Herzlichen Glückwunsch ${dat(a, c, 'zu')}!`,
            `Ich gratuliere dir ganz herzlich ${dat(a, c, 'zu')}!`,
          ]
      : [
          'Herzlichen Glückwunsch!',
          c.formal ? 'Ich gratuliere Ihnen ganz herzlich.' : 'Ich gratuliere dir ganz herzlich!',
        ],
  update: (a, c) =>
    a.objects.length
      ? c.formal
        ? [
            `Hier ein kurzer Zwischenstand ${dat(a, c, 'zu')}.`,
            `Ich möchte Ihnen einen kurzen Zwischenstand ${dat(a, c, 'zu')} geben.`,
          ]
        : [
            `Hier ein kurzer Zwischenstand ${dat(a, c, 'zu')}.`,
            `Ich wollte dir kurz den aktuellen Stand ${dat(a, c, 'zu')} geben.`,
          ]
      : [
          c.formal
            ? 'Ich möchte Ihnen kurz einen Zwischenstand geben.'
            : 'Hier ein kurzer Zwischenstand.',
        ],
  moreTime: (a, c) =>
    c.formal
      ? [
          `Wäre es möglich, etwas mehr Zeit zu bekommen?${a.when ? ` ${Wb(a)} würde mir besser passen.` : ''}`,
          `Könnten wir die Frist etwas verschieben${a.when ? `, zum Beispiel ${W(a)}` : ''}?`,
        ]
      : [
          `Könnte ich etwas mehr Zeit bekommen?${a.when ? ` ${Wb(a)} würde mir besser passen.` : ''}`,
          `Können wir die Frist etwas verschieben${a.when ? `, zum Beispiel ${W(a)}` : ''}?`,
        ],
  welcome: (_a, c) =>
    c.formal
      ? [
          'Sehr gerne; es freut mich, dass ich helfen konnte.',
          'Gern geschehen, das habe ich gerne gemacht.',
        ]
      : ['Gern geschehen, freut mich, dass es geholfen hat!', 'Sehr gerne, jederzeit wieder!'],
  received: (a, c) => {
    const o = acc(a, c, c.formal ? 'Ihre Nachricht' : 'deine Nachricht')
    const p = a.objects.length ? pronoun(a) : 'sie'
    return c.formal
      ? [
          `Vielen Dank, dass Sie mir ${o} geschickt haben. Ich sehe ${p} mir an und melde mich in Kürze.`,
          `Herzlichen Dank für ${o}. Ich werde ${p} prüfen und mich bald bei Ihnen melden.`,
        ]
      : [
          `Danke, dass du mir ${o} geschickt hast! Ich schaue ${p} mir an und melde mich.`,
          `Danke für ${o}! Ich sehe ${p} mir an und gebe dir Bescheid.`,
        ]
  },
  receipt: (a, c) => {
    const n = nom(a, c, c.formal ? 'Ihre Nachricht' : 'deine Nachricht')
    return c.formal
      ? [
          `Gerne bestätige ich Ihnen, dass ich ${acc(a, c, 'Ihre Nachricht')} erhalten habe.`,
          `${capitalise(n)} ${isAre(a, 'ist', 'sind')} gut bei mir angekommen.`,
        ]
      : [
          `${capitalise(n)} ${isAre(a, 'ist', 'sind')} gut angekommen, danke!`,
          `Ich habe ${acc(a, c, 'deine Nachricht')} bekommen, danke!`,
        ]
  },
  pay: (a, c) => {
    const o = acc(a, c, 'die Rechnung')
    return c.formal
      ? [
          `Ich werde ${o}${sp(W(a))} begleichen.`,
          `Die Zahlung für ${o} erfolgt ${W(a, 'in Kürze')}.`,
        ]
      : [`Ich zahle ${o}${sp(W(a))}.`, `Ich kümmere mich${sp(W(a))} um ${o}.`]
  },
  cannotSend: (a, c) => {
    const o = acc(a, c, 'das')
    const n = nom(a, c, 'das')
    return c.formal
      ? [
          `Leider kann ich Ihnen ${o}${sp(W(a))} nicht schicken. Wäre etwas später für Sie in Ordnung?`,
          `Ich fürchte, ${n} ${isAre(a, 'wird', 'werden')}${sp(W(a))} noch nicht fertig sein. Könnten wir einen späteren Termin vereinbaren?`,
        ]
      : [
          `Leider schaffe ich es nicht, dir ${o}${sp(W(a))} zu schicken. Wäre etwas später okay?`,
          `Ich fürchte, ${n} ${isAre(a, 'wird', 'werden')}${sp(W(a))} noch nicht fertig. Geht es auch etwas später?`,
        ]
  },
  meetYes: (a, c) =>
    a.when
      ? [
          `${Wb(a)} passt mir gut.`,
          `${Wb(a)} passt mir sehr gut.`,
          `${capitalise(W(a))} habe ich Zeit.`,
        ]
      : c.formal
        ? ['Sehr gerne treffen wir uns. Welcher Tag würde Ihnen passen?']
        : ['Gerne! Welcher Tag passt dir?'],
  meetNo: (a, c) =>
    c.formal
      ? [
          `Leider kann ich ${W(a, 'zu dieser Zeit')} nicht. Könnten Sie mir einen anderen Termin vorschlagen?`,
          `Leider passt mir ${a.when ? whenBare(a.when) : 'dieser Termin'} nicht. Wäre ein anderer Zeitpunkt möglich?`,
        ]
      : [
          `Leider kann ich ${W(a, 'da')} nicht. Kannst du mir einen anderen Termin vorschlagen?`,
          `${a.when ? Wb(a) : 'Der Termin'} passt mir leider nicht. Finden wir eine andere Zeit?`,
        ],
  proposeTime: (a, c) =>
    a.when
      ? c.formal
        ? [
            `Würde Ihnen stattdessen ${whenBare(a.when)} passen?`,
            `Könnten wir uns stattdessen ${W(a)} treffen?`,
          ]
        : [
            `Passt dir stattdessen ${whenBare(a.when)}?`,
            `Können wir uns stattdessen ${W(a)} treffen?`,
          ]
      : c.formal
        ? ['Könnten wir einen anderen Termin finden? Sagen Sie mir gerne, was Ihnen passt.']
        : ['Können wir einen anderen Termin finden? Sag mir, was dir passt.'],
  holding: (_a, c) =>
    c.formal
      ? [
          'Ich kläre das und melde mich in Kürze bei Ihnen.',
          'Ich prüfe Ihre Frage und melde mich so bald wie möglich.',
        ]
      : ['Ich schaue nach und melde mich bald.', 'Ich kläre das und sage dir Bescheid.'],
  yes: (_a, c) =>
    c.formal ? ['Ja, sehr gerne.', 'Ja, das passt mir.'] : ['Ja, klar!', 'Ja, das passt.'],
  no: (_a, c) =>
    c.formal
      ? ['Leider wird das nicht möglich sein.', 'Leider muss ich dieses Mal absagen.']
      : ['Leider klappt das dieses Mal nicht.', 'Da muss ich leider passen.'],
  noted: (_a, c) =>
    c.formal
      ? ['Vielen Dank für die Information.', 'Danke, dass Sie mir Bescheid gegeben haben.']
      : ['Danke für die Info!', 'Danke, dass du mir Bescheid gesagt hast.'],
  metAt: (a, c) => [
    c.formal
      ? `Es war mir eine Freude, Sie ${dat(a, c, 'bei', 'bei der Veranstaltung')} kennenzulernen.`
      : `Es war schön, dich ${dat(a, c, 'bei', 'bei der Veranstaltung')} kennenzulernen!`,
  ],
  remind: (a, c) => {
    const first = c.formal
      ? [
          `Ich möchte Sie kurz an ${acc(a, c)}${sp(W(a))} erinnern.`,
          `Eine kurze Erinnerung an ${acc(a, c)}${sp(W(a))}.`,
        ]
      : [`Kurze Erinnerung an ${acc(a, c)}${sp(W(a))}!`, `Denk an ${acc(a, c)}${sp(W(a))}!`]
    const second = c.formal
      ? ['Ich freue mich darauf.', 'Geben Sie mir gerne Bescheid, falls sich etwas ändert.']
      : ['Bis dann!', 'Sag Bescheid, falls sich etwas ändert.']
    return first.flatMap((f) => second.map((s) => `${f} ${s}`))
  },
  reschedule: (a, c) =>
    a.when
      ? c.formal
        ? [
            `Könnten wir ${acc(a, c)} verschieben, etwa ${W(a)}?`,
            `Wäre es möglich, ${acc(a, c)} zu verschieben, zum Beispiel ${W(a)}?`,
          ]
        : [
            `Können wir ${acc(a, c)} verschieben, etwa ${W(a)}?`,
            `Wollen wir ${acc(a, c)} verschieben, vielleicht ${W(a)}?`,
          ]
      : [
          `${c.formal ? 'Könnten' : 'Können'} wir ${acc(a, c)} auf einen anderen Zeitpunkt verschieben?`,
        ],
  apologiseDelay: (a, c) =>
    c.formal
      ? [
          `Bitte entschuldigen Sie die Verzögerung ${dat(a, c, 'bei')}.`,
          `Entschuldigen Sie bitte die Verzögerung ${dat(a, c, 'bei')}.`,
        ]
      : [
          `Entschuldige bitte die Verzögerung ${dat(a, c, 'bei')}!`,
          `Tut mir leid, dass es ${dat(a, c, 'bei')} so lange gedauert hat.`,
        ],
  generic: (a, c) =>
    a.objects.length
      ? c.formal
        ? [
            `Ich schreibe Ihnen in Bezug auf ${acc(a, c)}.`,
            `Ich melde mich bei Ihnen ${dat(a, c, 'zu')}.`,
          ]
        : [`Ich schreibe dir kurz ${dat(a, c, 'zu')}.`, `Ich melde mich wegen ${dat(a, c)}.`]
      : [
          c.formal
            ? 'Ich wollte mich einmal bei Ihnen melden.'
            : 'Ich wollte mich mal kurz bei dir melden.',
        ],
}
