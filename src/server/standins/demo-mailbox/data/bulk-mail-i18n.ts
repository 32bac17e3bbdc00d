/** Bulk mail in Spanish, French and German: one newsletter and one shop per language. */
import { brand } from './bulk-mail.js'
import type { Brand, Lang } from '../types.js'

export const LANG_BULK: Record<
  Exclude<Lang, 'en'>,
  {
    news: Brand
    newsSubject: string
    intro: string
    items: [string, string][]
    shop: Brand
    shipped: [string, string, [string, string, string]]
  }
> = {
  es: {
    news: brand(
      'El Boletín Digital',
      'elboletin.example',
      'boletin',
      '#dc2626',
      'Calle de Alcalá 120, Madrid',
    ),
    newsSubject: 'Las cinco noticias de tecnología de la semana',
    intro: 'Lo más importante de la semana, explicado en cinco minutos.',
    items: [
      [
        'La inteligencia artificial llega a la sanidad pública',
        'Tres hospitales prueban asistentes para reducir las listas de espera.',
      ],
      [
        '¿Por qué suben los precios de los portátiles?',
        'La escasez de memoria y los aranceles, explicados sin tecnicismos.',
      ],
      [
        'Guía rápida para proteger tus contraseñas',
        'Gestores, llaves de acceso y autenticación en dos pasos.',
      ],
    ],
    shop: brand(
      'Librería Alba',
      'libreria-alba.example',
      'pedidos',
      '#b45309',
      'Calle Mayor 8, Salamanca',
    ),
    shipped: [
      'Tu pedido ya está en camino',
      'Tu pedido ha salido de nuestro almacén y llegará en 2 o 3 días laborables.',
      ['Número de pedido', 'Envío', 'Total'],
    ],
  },
  fr: {
    news: brand(
      'Le Petit Curieux',
      'lepetitcurieux.example',
      'lettre',
      '#1d4ed8',
      '14 rue des Écoles, Paris',
    ),
    newsSubject: 'La lettre du dimanche : ce qu’il ne fallait pas manquer',
    intro: 'Chaque dimanche, une sélection d’articles pour bien commencer la semaine.',
    items: [
      [
        'Pourquoi les villes plantent des micro-forêts',
        'Quelques mètres carrés suffisent à faire baisser la température d’un quartier.',
      ],
      [
        'Le retour du train de nuit en Europe',
        'Paris–Vienne, Paris–Berlin : on a testé les nouvelles lignes.',
      ],
      [
        'Bien dormir quand il fait chaud',
        'Les conseils très concrets d’une chercheuse en sommeil.',
      ],
    ],
    shop: brand(
      'La Maison du Thé',
      'maisonduthe.example',
      'commandes',
      '#065f46',
      '3 place des Vosges, Paris',
    ),
    shipped: [
      'Votre commande a été expédiée',
      'Votre colis est en route et sera livré sous 48 heures.',
      ['Numéro de commande', 'Livraison', 'Total'],
    ],
  },
  de: {
    news: brand(
      'Tagesblick',
      'tagesblick.example',
      'newsletter',
      '#b91c1c',
      'Friedrichstraße 44, Berlin',
    ),
    newsSubject: 'Der Wochenrückblick: Was diese Woche wichtig war',
    intro: 'Die wichtigsten Nachrichten der Woche, kurz und verständlich zusammengefasst.',
    items: [
      [
        'Deutsche Bahn testet neue Sitzplatzanzeige',
        'Ab Herbst sollen Reisende freie Plätze schon am Bahnsteig sehen.',
      ],
      [
        'Wärmepumpen: Was die neue Förderung bringt',
        'Wer bis Jahresende beantragt, bekommt bis zu 70 Prozent Zuschuss.',
      ],
      [
        'Fünf Ausflugsziele für ein langes Wochenende',
        'Von der Sächsischen Schweiz bis zum Bodensee.',
      ],
    ],
    shop: brand(
      'Buchhaus Lindner',
      'buchhaus-lindner.example',
      'bestellung',
      '#7c2d12',
      'Marktplatz 5, Freiburg',
    ),
    shipped: [
      'Ihre Bestellung ist unterwegs',
      'Ihr Paket wurde an DHL übergeben und kommt voraussichtlich in 1–2 Werktagen an.',
      ['Bestellnummer', 'Versand', 'Gesamt'],
    ],
  },
}
