import type { Language } from '../features/ai/style/languages.js'

/**
 * A casual and a formal letter in each of Inkwell's four languages, as a person would write them,
 * and what the style analysis must find in each: register, greeting and sign-off.
 */
export type Letter = {
  text: string
  formality: 'formal' | 'informal'
  greeting: string
  signoff: string
}

export const LETTERS: Record<Language, { casual: Letter; formal: Letter }> = {
  english: {
    casual: {
      text: `Hey Sam,

Thanks so much for the slides! They're awesome. I'll send my notes tonight.
Let's grab coffee next week, I can't wait to hear how the trip went.

Cheers,
Alex`,
      formality: 'informal',
      greeting: 'Hey',
      signoff: 'Cheers',
    },
    formal: {
      text: `Dear Ms Carter,

I am writing to confirm our meeting on Thursday regarding the renewal of the maintenance contract.
Please find attached the revised proposal, which reflects the changes we discussed last week.
I would be grateful if you could review it at your earliest convenience.

Kind regards,
Alexander Brown`,
      formality: 'formal',
      greeting: 'Dear',
      signoff: 'Kind regards',
    },
  },
  spanish: {
    casual: {
      text: `Hola Marta,

¡Qué alegría saber de ti! Te cuento que ya tengo las entradas para el concierto del sábado.
¿Te viene bien quedar a las ocho en la plaza? Si no, dime y lo cambiamos.

Un abrazo,
Lucía`,
      formality: 'informal',
      greeting: 'Hola',
      signoff: 'Un abrazo',
    },
    formal: {
      text: `Estimada Sra. Fernández:

Le escribo para confirmar la reunión del próximo jueves sobre la renovación del contrato de mantenimiento.
Adjunto le envío la propuesta revisada, que recoge los cambios que acordamos la semana pasada.
¿Podría usted revisarla cuando le sea posible? Quedo a su disposición para cualquier consulta.

Atentamente,
Carlos Ruiz`,
      formality: 'formal',
      greeting: 'Estimada',
      signoff: 'Atentamente',
    },
  },
  french: {
    casual: {
      text: `Salut Julie,

Merci pour les photos, elles sont géniales ! Tu es libre samedi ? On pourrait aller au marché
et déjeuner ensemble après. Dis-moi ce qui t'arrange.

Bises,
Camille`,
      formality: 'informal',
      greeting: 'Salut',
      signoff: 'Bises',
    },
    formal: {
      text: `Madame, Monsieur,

Je vous écris afin de confirmer notre rendez-vous de jeudi concernant le renouvellement du contrat.
Vous trouverez ci-joint la proposition révisée, qui reprend les modifications convenues.
Je vous remercie de bien vouloir l'examiner dès que possible.

Cordialement,
Pierre Martin`,
      formality: 'formal',
      greeting: 'Madame, Monsieur',
      signoff: 'Cordialement',
    },
  },
  german: {
    casual: {
      text: `Hallo Jonas,

danke für die Fotos, die sind echt schön geworden! Hast du am Samstag Zeit? Wir könnten auf den
Markt gehen und danach zusammen essen. Sag mir einfach, wann es dir passt.

Liebe Grüße
Anna`,
      formality: 'informal',
      greeting: 'Hallo',
      signoff: 'Liebe Grüße',
    },
    formal: {
      text: `Sehr geehrte Frau Weber,

ich möchte Ihnen hiermit unseren Termin am Donnerstag bezüglich der Vertragsverlängerung bestätigen.
Anbei finden Sie das überarbeitete Angebot mit den besprochenen Änderungen.
Ich wäre Ihnen dankbar, wenn Sie es bei Gelegenheit prüfen könnten.

Mit freundlichen Grüßen
Thomas Schmidt`,
      formality: 'formal',
      greeting: 'Sehr geehrte',
      signoff: 'Mit freundlichen Grüßen',
    },
  },
}

/** A short casual note in each language: the kind of sent mail that is most of a mailbox. */
export const NOTES: Record<Language, string[]> = {
  english: [
    'Hi Priya,\n\nSounds good, see you at ten. I will bring the printouts for everyone.\n\nCheers,\nAlex',
    'Hi Tom,\n\nThanks for the quick fix, the build is green again and the demo is ready.\n\nBest,\nAlex',
  ],
  spanish: [
    'Hola Ana,\n\n¿Te viene bien el lunes por la tarde? Podemos vernos en la oficina y repasar el plan.\n\nUn abrazo,\nLucía',
  ],
  french: [
    "Salut Marc,\n\nTu as vu le message de Léa ? On se retrouve devant le cinéma à vingt heures, d'accord ?\n\nBises,\nCamille",
  ],
  german: [
    'Hallo Lena,\n\nkannst du mir bis morgen die Folien schicken? Ich schaue sie mir dann am Abend an.\n\nLG\nAnna',
  ],
}
