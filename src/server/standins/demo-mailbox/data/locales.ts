/** Greetings, sign-offs and the "On ... wrote:" line of quoted replies, per language. */
import { EN_DAYS, EN_MONTHS, hm, pad } from '../time.js'
import type { Lang, Locale } from '../types.js'

export const LOCALES: Record<Lang, Locale> = {
  en: {
    weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    greet: {
      work: ['Hi {them},', 'Hello {them},', 'Hey {them},'],
      personal: ['Hey {them}!', 'Hi {them},'],
    },
    signoff: {
      work: ['Thanks,', 'Best,', 'Cheers,', 'Thanks!', 'Best regards,'],
      personal: ['xx', 'See you soon,', 'Talk soon,', 'Love,'],
    },
    quoteHeader: (d, who) => {
      const h = d.getUTCHours() % 12 || 12
      const ampm = d.getUTCHours() < 12 ? 'AM' : 'PM'
      const when = `${EN_DAYS[d.getUTCDay()]}, ${EN_MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`
      return `On ${when} at ${h}:${pad(d.getUTCMinutes())} ${ampm} ${who} wrote:`
    },
  },
  es: {
    weekdays: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes'],
    greet: {
      work: ['Hola, {them}:', 'Buenos días, {them}:'],
      personal: ['¡Hola, {them}!', '¡Hola!'],
    },
    signoff: {
      work: ['Un saludo,', 'Saludos cordiales,', 'Muchas gracias,'],
      personal: ['Un abrazo,', 'Besos,'],
    },
    quoteHeader: (d, who) => {
      const days = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb']
      const months = 'ene feb mar abr may jun jul ago sept oct nov dic'.split(' ')
      const date = `${days[d.getUTCDay()]}, ${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}`
      return `El ${date} a las ${hm(d)}, ${who.replace(/<(.*)>/, '(<$1>)')} escribió:`
    },
  },
  fr: {
    weekdays: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi'],
    greet: {
      work: ['Bonjour {them},', 'Bonjour,'],
      personal: ['Coucou {them} !', 'Salut {them},'],
    },
    signoff: {
      work: ['Bien à vous,', 'Cordialement,', 'Belle journée,'],
      personal: ['Bises,', 'À très vite,'],
    },
    quoteHeader: (d, who) => {
      const days = ['dim.', 'lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.']
      const months = 'janv. févr. mars avr. mai juin juil. août sept. oct. nov. déc.'.split(' ')
      const date = `${days[d.getUTCDay()]} ${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}`
      return `Le ${date} à ${hm(d)}, ${who} a écrit :`
    },
  },
  de: {
    weekdays: ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag'],
    greet: {
      work: ['Hallo {them},', 'Guten Tag {them},'],
      personal: ['Hallo {them},', 'Hi {them},'],
    },
    signoff: {
      work: ['Viele Grüße', 'Beste Grüße', 'Danke und viele Grüße'],
      personal: ['Liebe Grüße', 'Bis bald'],
    },
    quoteHeader: (d, who) => {
      const days = ['So.', 'Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.']
      const months = 'Jan. Feb. März Apr. Mai Juni Juli Aug. Sept. Okt. Nov. Dez.'.split(' ')
      const date = `${days[d.getUTCDay()]}, ${d.getUTCDate()}. ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}`
      return `Am ${date} um ${hm(d)} Uhr schrieb ${who}:`
    },
  },
}
