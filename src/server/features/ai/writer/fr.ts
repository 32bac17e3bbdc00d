/** The French phrasebook: vous for formal contacts, tu for the others; no gendered "je". */
import type { Phrasebook } from './acts.js'
import { bare, list, phrase, pronounBefore, things, when, whenBare } from './fr-grammar.js'
import { capitalise } from './text.js'
import { phrases, topic } from './fr-phrases.js'

export const french: Phrasebook = {
  language: 'french',
  name: 'French',
  phrases,
  opening: (c) =>
    c.warm
      ? c.formal
        ? [
            "J'espère que vous allez bien.",
            "J'espère que votre semaine se passe bien.",
            "J'espère que tout va bien de votre côté.",
          ]
        : [
            "J'espère que tu vas bien.",
            "J'espère que ta semaine se passe bien !",
            "J'espère que tout va bien de ton côté.",
          ]
      : c.formal
        ? ["J'espère que vous vous portez bien.", "J'espère que vous allez bien."]
        : ["J'espère que tu vas bien.", "J'espère que tout va bien."],
  closing: (c, ending) =>
    ({
      // Waiting for the answer only where the draft asks something.
      asks: c.formal
        ? [
            'Je reste à votre disposition pour toute question.',
            'Dans l’attente de votre retour.',
            'Je vous remercie par avance de votre retour.',
          ]
        : [
            "N'hésite pas si tu as besoin de quoi que ce soit.",
            'À très vite !',
            'Dis-moi si tu as des questions.',
          ],
      declines: c.formal
        ? [
            'Je vous remercie de votre compréhension.',
            "J'espère que nous aurons bientôt une autre occasion.",
            'Je reste à votre disposition pour toute question.',
          ]
        : ['Merci de ta compréhension !', 'Ce sera pour une prochaine fois !', 'À très vite !'],
      settles: c.formal
        ? [
            'Je reste à votre disposition pour toute question.',
            'Je vous souhaite une excellente semaine.',
            'Je vous souhaite une bonne journée.',
          ]
        : ["N'hésite pas si tu as besoin de quoi que ce soit.", 'À très vite !', 'Bonne semaine !'],
    })[ending],
  replyOpener: (c) =>
    c.formal
      ? [
          'Merci pour votre message.',
          'Je vous remercie pour votre e-mail.',
          'Merci beaucoup pour votre retour.',
        ]
      : ['Merci pour ton message !', 'Merci pour ton e-mail.', 'Merci de ton retour.'],
  yes: (c) => (c.formal ? ['Bien sûr.', 'Certainement.'] : ['Bien sûr !', 'Pas de souci.']),
  subject(act, a, c) {
    const w = a.when ? ` ${when(a.when)}` : ''
    const names = list(a.objects.map((o) => bare(o, c)))
    switch (act) {
      case 'thank':
        return `Merci${a.objects.length ? ` pour ${things(a, c)}` : ''}`
      case 'askFor':
        return names ? (w ? `${names}${w}` : `Demande : ${names}`) : 'Une demande'
      case 'send':
      case 'pay':
        return names ? `${names}${w}` : 'Envoi'
      case 'meet':
        return `${a.event === 'call' ? 'Appel' : 'Réunion'}${topic(a, c)}${w}`
      case 'followUp':
        return names ? `Suivi : ${names}` : 'Suivi'
      case 'decline':
      case 'accept':
        return a.objects.length
          ? capitalise(list(a.objects.map((o) => phrase({ ...o, det: 'your' }, c))))
          : 'Ma réponse'
      case 'confirm':
        return `Confirmation${a.objects.length ? ` ${things(a, c, 'de')}` : ''}${w}`
      case 'apologise':
        return 'Toutes mes excuses'
      case 'congratulate':
        return 'Félicitations !'
      case 'update':
        return names ? `Point sur ${things(a, c)}` : 'Un point rapide'
      case 'moreTime':
        return 'Échéance'
      case 'remind':
        return `Rappel : ${names}`
      case 'reschedule':
        return `Nouvel horaire : ${names}`
      case 'apologiseDelay':
        return 'Toutes mes excuses pour le retard'
      default:
        return names || 'Bonjour'
    }
  },
  option(kind, a, c) {
    const fit = (long: string, short: string) => (long.length <= 40 ? long : short)
    switch (kind) {
      case 'yesSend':
        return fit(
          `Oui, j'enverrai ${things(a, c, '', 'cela')}`,
          `Oui, je ${pronounBefore(a, 'enverrai')}`,
        )
      case 'moreTime':
        return 'Demander plus de temps'
      case 'decline':
        return 'Décliner poliment'
      case 'meetYes':
        return a.when
          ? fit(`Oui, ${whenBare(a.when)} me convient`, 'Oui, ce créneau me convient')
          : 'Oui, avec plaisir'
      case 'proposeTime':
        return 'Proposer un autre créneau'
      case 'accept':
        return "Accepter l'invitation"
      case 'askAgenda':
        return "Demander l'ordre du jour"
      case 'receipt':
        return 'Confirmer la réception'
      case 'thankDoc':
        return 'Dire merci'
      case 'welcome':
        return 'Répondre « de rien »'
      case 'suggestMeeting':
        return 'Proposer une réunion'
      case 'askDetails':
        return 'Demander plus de détails'
      case 'pay':
        return a.when
          ? fit(`Je paierai ${when(a.when)}`, 'Je paierai la facture')
          : 'Je paierai la facture'
      case 'yes':
        return 'Dire oui'
      case 'confirm':
        return 'Confirmer'
    }
  },
  join: {
    and: 'et',
    lowerable:
      /^(Je|J'|Merci|Vous|Tu|Il|Elle|Cela|Ce|C'|N'|Dans|Petit|Voici|Malheureusement|Avec|Un)(?!\p{L})/u,
  },
  letter: { greetingMark: () => ',', signoffMark: ',' },
}
