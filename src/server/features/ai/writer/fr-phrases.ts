/** How each act is said in French. */
import type { ActArgs, Ctx, Phrases } from './acts.js'
import { date, pronounBefore, things, vowel, when, whenBare } from './fr-grammar.js'
import { capitalise } from './text.js'

export const W = (a: ActArgs, fallback = '') => (a.when ? when(a.when) : fallback)
const sp = (text: string) => (text ? ` ${text}` : '')
const isKind = (a: ActArgs, ...kinds: string[]) =>
  a.objects.some((o) => kinds.includes(o.noun.kind) || kinds.includes(o.noun.key))
export const ev = (a: ActArgs) => (a.event === 'call' ? 'un appel' : 'une réunion')
export const topic = (a: ActArgs, c: Ctx) =>
  a.objects.length ? ` au sujet ${things(a, c, 'de')}` : ''
const Wb = (a: ActArgs) => capitalise(a.when ? whenBare(a.when) : '')
/** "à vendredi", "au 15 mars", "à la semaine prochaine". */
const toDay = (a: ActArgs) => {
  const d = a.when ? whenBare(a.when) : ''
  return d.startsWith('le ') ? `au ${d.slice(3)}` : `à ${d}`
}
/** "Je vous" / "Je t'" before a verb. */
const you = (c: Ctx, verb: string) =>
  c.formal ? `vous ${verb}` : vowel(verb) ? `t'${verb}` : `te ${verb}`

export const phrases: Phrases = {
  thank: (a, c) => {
    // "merci de votre aide", "merci pour le rapport": de for what the person gave of themselves.
    const personal = !a.objects.length || a.objects.every((o) => o.noun.kind === 'personal')
    const o = !a.objects.length
      ? 'pour tout'
      : personal
        ? things(a, c, 'de')
        : `pour ${things(a, c)}`
    return c.formal
      ? [
          `Je vous remercie vivement ${o}.`,
          `Merci beaucoup ${o}.`,
          `Je tenais à vous remercier ${o}.`,
        ]
      : [`Merci beaucoup ${o} !`, `Je voulais te remercier ${o}.`, `Un grand merci ${o} !`]
  },
  askFor: (a, c) => {
    const o = things(a, c)
    return a.when
      ? c.formal
        ? [
            `Pourriez-vous m'envoyer ${o} ? J'en aurais besoin ${W(a)}.`,
            `Serait-il possible de recevoir ${o} ${W(a)} ?`,
            `Pourriez-vous me faire parvenir ${o} ? ${capitalise(W(a))}, ce serait idéal.`,
            `Pourriez-vous m'envoyer ${o} ${W(a)} ?`,
          ]
        : [
            `Tu pourrais m'envoyer ${o} ? J'en aurais besoin ${W(a)}.`,
            `Est-ce que tu peux m'envoyer ${o} ${W(a)} ?`,
            `Tu pourrais me faire passer ${o} ? ${capitalise(W(a))}, ce serait parfait.`,
          ]
      : c.formal
        ? [
            `Pourriez-vous m'envoyer ${o} lorsque vous aurez un moment ?`,
            `Serait-il possible de recevoir ${o} ?`,
            `Pourriez-vous me faire parvenir ${o} ?`,
          ]
        : [
            `Tu pourrais m'envoyer ${o} quand tu as un moment ?`,
            `Est-ce que tu peux m'envoyer ${o} ?`,
            `Tu pourrais me faire passer ${o} ?`,
          ]
  },
  send: (a, c) => {
    const o = things(a, c)
    const w = W(a, c.formal ? 'très prochainement' : 'très vite')
    return c.formal
      ? [
          `Je vous enverrai ${o} ${w}.`,
          `${capitalise(w)}, vous aurez ${o} dans votre boîte mail.`,
          `Je m'occupe de vous faire parvenir ${o} ${w}.`,
        ]
      : [
          `Je t'envoie ${o} ${w}.`,
          `${capitalise(w)}, tu auras ${o} dans ta boîte mail.`,
          `Je m'occupe de t'envoyer ${o} ${w}.`,
        ]
  },
  meet: (a, c) => {
    const w = W(
      a,
      a.hints.dayPart
        ? `un ${a.hints.dayPart === 'morning' ? 'matin' : 'après-midi'} de la semaine prochaine`
        : 'dans les prochains jours',
    )
    return c.formal
      ? [
          `Seriez-vous disponible pour ${ev(a)}${topic(a, c)} ${w} ?`,
          `Pourrions-nous organiser ${ev(a)}${topic(a, c)} ${w} ?`,
          `Je vous propose ${ev(a)}${topic(a, c)} ${w}. Cela vous conviendrait-il ?`,
        ]
      : [
          `Tu serais disponible pour ${ev(a)}${topic(a, c)} ${w} ?`,
          `On pourrait prévoir ${ev(a)}${topic(a, c)} ${w} ?`,
          `Je te propose ${ev(a)}${topic(a, c)} ${w}. Ça te va ?`,
        ]
  },
  followUp: (a, c) => {
    const first = a.objects.length
      ? c.formal
        ? [
            `Je me permets de revenir vers vous au sujet ${things(a, c, 'de')}.`,
            `Je reviens vers vous concernant ${things(a, c)}.`,
            `Je vous écris de nouveau à propos ${things(a, c, 'de')}.`,
          ]
        : [
            `Je reviens vers toi au sujet ${things(a, c, 'de')}.`,
            `Un petit mot à propos ${things(a, c, 'de')}.`,
            `Je te relance concernant ${things(a, c)}.`,
          ]
      : [
          `Je reviens vers ${c.formal ? 'vous' : 'toi'} au sujet de ${a.hints.lastMail ? `mon e-mail du ${date(a.hints.lastMail)}` : 'mon dernier message'}.`,
        ]
    const second = isKind(a, 'invoice', 'payment')
      ? c.formal
        ? [
            "Pourriez-vous m'indiquer quand le paiement est prévu ?",
            'Pourriez-vous me confirmer la date de paiement prévue ?',
          ]
        : [
            'Tu peux me dire quand le paiement est prévu ?',
            'Tu sais déjà quand le paiement sera fait ?',
          ]
      : a.when
        ? [
            c.formal
              ? `Pourriez-vous me faire un retour ${W(a)} ?`
              : `Tu peux me faire un retour ${W(a)} ?`,
          ]
        : c.formal
          ? ['Pourriez-vous me dire où en sont les choses ?', 'Avez-vous du nouveau à ce sujet ?']
          : ['Tu as du nouveau ?', 'Où en sont les choses de ton côté ?']
    return first.flatMap((f) => second.map((s) => `${f} ${s}`))
  },
  decline: (a, c) => {
    const o = things(a, c)
    return isKind(a, 'event') || !a.objects.length
      ? c.formal
        ? [
            `${o ? `Merci beaucoup pour ${o}. ` : ''}Malheureusement, je ne pourrai pas y assister${sp(W(a))}.`,
            `${o ? `Je vous remercie pour ${o}, mais je` : 'Je'} ne pourrai malheureusement pas me libérer${sp(W(a))}.`,
            `Je dois malheureusement décliner${o ? ` ${o}` : ''} cette fois-ci.`,
          ]
        : [
            `${o ? `Merci beaucoup pour ${o} ! ` : ''}Malheureusement, je ne pourrai pas venir${sp(W(a))}.`,
            `${o ? `Merci pour ${o}, mais je` : 'Je'} ne pourrai pas être là${sp(W(a))}, je regrette.`,
            `${o ? `Merci beaucoup pour ${o} ! ` : ''}Je ne pourrai pas venir cette fois-ci, je regrette.`,
          ]
      : c.formal
        ? [
            `Je vous remercie pour ${o}. Après mûre réflexion, j'ai décidé de ne pas ${pronounBefore(a, 'accepter')}.`,
            `Je me vois malheureusement dans l'obligation de décliner ${o}.`,
          ]
        : [
            `Merci pour ${o}, mais je vais devoir dire non cette fois-ci.`,
            `Je préfère décliner ${o}, je regrette.`,
          ]
  },
  accept: (a, c) => {
    const o = things(a, c)
    return isKind(a, 'event') || !a.objects.length
      ? c.formal
        ? [
            `${o ? `Merci beaucoup pour ${o}. ` : ''}C'est avec plaisir que j'y assisterai${sp(W(a))}.`,
            `J'accepte ${o ? `${o} ` : ''}avec plaisir.`,
          ]
        : [
            `${o ? `Merci pour ${o} ! ` : ''}Je serai là${sp(W(a))}.`,
            `Avec plaisir, je viendrai${sp(W(a))} !`,
          ]
      : c.formal
        ? [`J'accepte ${o} avec plaisir.`, `C'est avec plaisir que j'accepte ${o}.`]
        : [`J'accepte ${o} avec plaisir !`, `Parfait, j'accepte ${o} !`]
  },
  confirm: (a, c) =>
    a.objects.length
      ? [
          `Je ${you(c, 'confirme')} ${things(a, c)}${sp(W(a))}.`,
          c.formal
            ? `Je vous confirme par la présente ${things(a, c)}${sp(W(a))}.`
            : `C'est confirmé pour ${things(a, c)}${sp(W(a))}.`,
        ]
      : a.when
        ? [
            `Je ${you(c, 'confirme')} que ${whenBare(a.when)} me convient.`,
            `${Wb(a)} me convient, c'est confirmé.`,
          ]
        : [`Je ${you(c, 'confirme')} que cela me convient.`, "C'est confirmé de mon côté."],
  apologise: (a, c) =>
    !a.objects.length || isKind(a, 'delay')
      ? c.formal
        ? ["Je vous prie de m'excuser pour ce retard.", 'Veuillez excuser ce retard.']
        : ['Pardon pour le retard !', 'Excuse-moi pour ce retard.']
      : c.formal
        ? [
            `Je vous prie de m'excuser pour ce qui s'est passé avec ${things(a, c)}.`,
            `Je regrette sincèrement ce qui est arrivé avec ${things(a, c)}.`,
          ]
        : [
            `Pardon pour ce qui s'est passé avec ${things(a, c)}.`,
            `Je regrette vraiment ce qui est arrivé avec ${things(a, c)}.`,
          ],
  congratulate: (a, c) =>
    a.objects.length
      ? c.formal
        ? [
            `Toutes mes félicitations pour ${things(a, c)} !`,
            `Je vous adresse mes plus sincères félicitations pour ${things(a, c)}.`,
          ]
        : [
            `Félicitations pour ${things(a, c)} !`,
            `Bravo et toutes mes félicitations pour ${things(a, c)} !`,
          ]
      : ['Toutes mes félicitations !', 'Félicitations, c’est amplement mérité !'],
  update: (a, c) =>
    a.objects.length
      ? c.formal
        ? [
            `Je vous écris pour faire le point sur ${things(a, c)}.`,
            `Voici un bref point sur ${things(a, c)}.`,
          ]
        : [
            `Je t'écris pour faire le point sur ${things(a, c)}.`,
            `Petit point rapide sur ${things(a, c)}.`,
          ]
      : [
          c.formal
            ? 'Je vous écris pour faire un point rapide.'
            : "Je t'écris pour faire un petit point.",
        ],
  moreTime: (a, c) =>
    c.formal
      ? [
          `Serait-il possible de disposer d'un peu plus de temps ?${a.when ? ` ${Wb(a)} me conviendrait mieux.` : ''}`,
          `Pourrions-nous repousser un peu l'échéance${a.when ? ` ${toDay(a)}` : ''} ?`,
        ]
      : [
          `Est-ce que je pourrais avoir un peu plus de temps ?${a.when ? ` ${Wb(a)} m'arrangerait mieux.` : ''}`,
          `On pourrait repousser un peu l'échéance${a.when ? ` ${toDay(a)}` : ''} ?`,
        ],
  welcome: (_a, c) =>
    c.formal
      ? ["Je vous en prie, c'était avec plaisir.", "Avec plaisir, c'était tout naturel."]
      : ['De rien, avec plaisir !', "Avec plaisir, c'était normal."],
  received: (a, c) => {
    const o = things(a, c, '', c.formal ? 'votre message' : 'ton message')
    return c.formal
      ? [
          `Merci beaucoup de m'avoir envoyé ${o}. Je vais ${pronounBefore(a, 'examiner')} et je reviens vers vous rapidement.`,
          `Je vous remercie pour ${o}. Je ${pronounBefore(a, 'regarde')} attentivement et je vous fais un retour très vite.`,
        ]
      : [
          `Merci de m'avoir envoyé ${o} ! Je ${pronounBefore(a, 'regarde')} et je te dis.`,
          `Merci pour ${o}. Je ${pronounBefore(a, 'regarde')} et je reviens vers toi.`,
        ]
  },
  receipt: (a, c) =>
    c.formal
      ? [
          `Je vous confirme avoir bien reçu ${things(a, c, '', 'votre message')}.`,
          `Je vous confirme la bonne réception ${things(a, c, 'de', 'de votre message')}.`,
        ]
      : [
          `Je te confirme que j'ai bien reçu ${things(a, c, '', 'ton message')}.`,
          `Bien reçu pour ${things(a, c, '', 'ton message')}, merci !`,
        ],
  pay: (a, c) => {
    const de = things(a, c, 'de', 'de la facture')
    return c.formal
      ? [
          `Je procéderai au paiement ${de}${sp(W(a))}.`,
          `Je m'occupe du règlement ${de} ${W(a, 'très prochainement')}.`,
        ]
      : [
          `Je règle ${things(a, c, '', 'la facture')}${sp(W(a))}.`,
          `Je m'occupe du paiement ${de}${sp(W(a))}.`,
        ]
  },
  cannotSend: (a, c) => {
    const o = things(a, c, '', 'cela')
    return c.formal
      ? [
          `Malheureusement, je ne pourrai pas vous envoyer ${o}${sp(W(a))}. Un peu plus tard vous conviendrait-il ?`,
          `Je crains de ne pas pouvoir vous faire parvenir ${o}${sp(W(a))}. Pourrions-nous convenir d'une autre date ?`,
        ]
      : [
          `Malheureusement, je ne pourrai pas t'envoyer ${o}${sp(W(a))}. Un peu plus tard, ça t'irait ?`,
          `Je crains de ne pas pouvoir t'envoyer ${o}${sp(W(a))}. On dit un peu plus tard ?`,
        ]
  },
  meetYes: (a, c) =>
    a.when
      ? [
          `${Wb(a)} me convient très bien.`,
          `${Wb(a)}, c'est parfait pour moi.`,
          `Je suis disponible ${W(a)}.`,
        ]
      : c.formal
        ? ['Avec plaisir pour une rencontre. Quel jour vous conviendrait ?']
        : ['Avec plaisir ! Quel jour te conviendrait ?'],
  meetNo: (a, c) =>
    c.formal
      ? [
          `Malheureusement, je ne suis pas disponible ${W(a, 'à ce moment-là')}. Pourriez-vous me proposer un autre créneau ?`,
          `Je crains que ${a.when ? whenBare(a.when) : 'ce créneau'} ne me convienne pas. Un autre moment vous irait-il ?`,
        ]
      : [
          `Malheureusement, je ne suis pas dispo ${W(a, 'à ce moment-là')}. Tu peux me proposer un autre créneau ?`,
          `${a.when ? Wb(a) : 'Ce créneau'} ne m'arrange pas, je regrette. On trouve un autre moment ?`,
        ],
  proposeTime: (a, c) =>
    a.when
      ? c.formal
        ? [
            `Est-ce que ${whenBare(a.when)} vous conviendrait plutôt ?`,
            `Pourrions-nous plutôt nous voir ${W(a)} ?`,
          ]
        : [`Et ${whenBare(a.when)}, ça t'irait ?`, `On pourrait plutôt se voir ${W(a)} ?`]
      : c.formal
        ? ['Pourrions-nous trouver un autre créneau ? Dites-moi ce qui vous conviendrait.']
        : ["On peut trouver un autre créneau ? Dis-moi ce qui t'arrange."],
  holding: (_a, c) =>
    c.formal
      ? [
          'Je me renseigne et je reviens vers vous rapidement.',
          'Je vous réponds à ce sujet dans les meilleurs délais.',
        ]
      : ['Je regarde et je te redis ça vite.', 'Je te réponds dès que possible.'],
  yes: (_a, c) =>
    c.formal ? ['Oui, bien sûr.', 'Oui, cela me convient.'] : ['Oui, bien sûr !', 'Oui, ça me va.'],
  no: (_a, c) =>
    c.formal
      ? ['Malheureusement, ce ne sera pas possible.', 'Je crains de devoir dire non cette fois-ci.']
      : [
          'Malheureusement, ce ne sera pas possible cette fois.',
          'Je vais devoir dire non, je regrette.',
        ],
  noted: (_a, c) =>
    c.formal
      ? ["Merci pour l'information.", 'Je vous remercie de cette information.']
      : ["Merci pour l'info !", 'Merci de me tenir au courant.'],
  metAt: (a, c) =>
    c.formal
      ? [
          `Ce fut un plaisir de vous rencontrer ${things(a, c, 'à', "à l'événement")}.`,
          `J'ai beaucoup apprécié notre rencontre ${things(a, c, 'à', "à l'événement")}.`,
        ]
      : [
          `C'était un plaisir de te rencontrer ${things(a, c, 'à', "à l'événement")} !`,
          `J'ai beaucoup aimé notre rencontre ${things(a, c, 'à', "à l'événement")}.`,
        ],
  remind: (a, c) => {
    const first = c.formal
      ? [
          `Je me permets de vous rappeler ${things(a, c)}${sp(W(a))}.`,
          `Petit rappel concernant ${things(a, c)}${sp(W(a))}.`,
        ]
      : [`Petit rappel : ${things(a, c)}${sp(W(a))} !`, `N'oublie pas ${things(a, c)}${sp(W(a))} !`]
    const second = c.formal
      ? ['Au plaisir de vous y retrouver.', "N'hésitez pas à me prévenir en cas de changement."]
      : ['À bientôt !', "Préviens-moi s'il y a un changement."]
    return first.flatMap((f) => second.map((s) => `${f} ${s}`))
  },
  reschedule: (a, c) => {
    const to = a.when ? toDay(a) : 'à un autre moment'
    return c.formal
      ? [
          `Pourrions-nous déplacer ${things(a, c)} ${to} ?`,
          `Serait-il possible de décaler ${things(a, c)} ${to} ?`,
        ]
      : [
          `On pourrait décaler ${things(a, c)} ${to} ?`,
          `Ça t'irait de déplacer ${things(a, c)} ${to} ?`,
        ]
  },
  apologiseDelay: (a, c) =>
    c.formal
      ? [
          `Je vous prie de m'excuser pour le retard concernant ${things(a, c)}.`,
          `Veuillez excuser le retard pris pour ${things(a, c)}.`,
        ]
      : [
          `Pardon pour le retard concernant ${things(a, c)} !`,
          `Excuse-moi pour le retard sur ${things(a, c)}.`,
        ],
  generic: (a, c) =>
    a.objects.length
      ? c.formal
        ? [
            `Je vous écris au sujet ${things(a, c, 'de')}.`,
            `Je me permets de vous contacter concernant ${things(a, c)}.`,
          ]
        : [
            `Je t'écris au sujet ${things(a, c, 'de')}.`,
            `Un petit mot à propos ${things(a, c, 'de')}.`,
          ]
      : [c.formal ? 'Je me permets de vous contacter.' : 'Je voulais prendre de tes nouvelles.'],
}
