/** Conversations in Spanish, French and German, written the same way as data/conversations.ts. */
import type { Conversation, Lang } from '../types.js'

export const LANG_CONVERSATIONS: Record<Exclude<Lang, 'en'>, Conversation[]> = {
  es: [
    {
      subject: 'Propuesta de colaboración para el lanzamiento en México',
      pool: 'client',
      turns: [
        'Te escribo para retomar la conversación que tuvimos en la feria de Madrid. Nos encantaría colaborar en el lanzamiento de vuestra aplicación en México: tenemos experiencia con campañas B2B y un equipo local en Ciudad de México.\n\n¿Te parece bien una videollamada la semana que viene para comentar los detalles?',
        'Muchas gracias por escribir. Nos interesa mucho la propuesta. ¿Te viene bien el {day} a las 16:00 (hora de Madrid)?',
        'Perfecto, el {day} a las 16:00. Te envío la invitación con el enlace. ¡Un placer!',
      ],
    },
    {
      subject: 'Revisión del contrato: última versión',
      pool: 'client',
      important: true,
      labels: ['Label_clients'],
      turns: [
        'Nuestro departamento jurídico ha revisado el contrato y solo tiene dos comentarios: la cláusula de confidencialidad debería durar tres años en lugar de cinco, y necesitamos que la facturación sea trimestral. ¿Podéis aceptar estos cambios?',
        'Gracias por la revisión tan rápida. Ambos cambios nos parecen razonables. Te envío la versión definitiva para firmar esta tarde.',
        'Estupendo. En cuanto la recibamos, la firmamos. ¡Gracias!',
      ],
    },
    {
      subject: '¿Cena el viernes?',
      pool: 'friend',
      turns: [
        '¿Qué tal todo? Este viernes celebramos el cumpleaños de Marta en casa. Empezamos sobre las nueve; trae a quien quieras. ¡Te esperamos!',
        '¡Qué bien! Allí estaré. ¿Llevo algo de postre o una botella de vino?',
        'Con el vino es perfecto. ¡Hasta el viernes!',
      ],
    },
    {
      subject: 'Escapada a Sevilla',
      pool: 'friend',
      labels: ['Label_travel'],
      turns: [
        'Ya he mirado los trenes para Sevilla: el AVE de las 8:30 llega a las 11:05 y cuesta 48 €. El hotel que te comenté tiene habitaciones libres para el puente. ¿Reservo?',
        '¡Sí, reserva! Yo me encargo de las entradas para el Alcázar.',
        'Hecho. Te reenvío las confirmaciones. ¡Qué ganas!',
      ],
    },
    {
      subject: 'Reunión de seguimiento: informe trimestral',
      pool: 'colleague',
      turns: [
        'Te recuerdo que el informe trimestral tiene que estar listo antes del jueves. ¿Podemos tener una reunión breve mañana para revisar las cifras de ventas?',
        'Claro. Mañana a las 10:00 me viene bien. Llevo el borrador con los datos del último mes.',
        'Genial, nos vemos a las diez.',
      ],
    },
  ],
  fr: [
    {
      subject: 'Devis pour la refonte du site',
      pool: 'vendor',
      turns: [
        'Suite à notre échange de mardi, je vous fais parvenir notre devis pour la refonte du site : 12 400 € HT, avec une livraison prévue sous huit semaines. Le détail des étapes se trouve dans le document partagé.\n\nN’hésitez pas à revenir vers moi si vous avez des questions.',
        'Merci pour ce devis très clair. Pourriez-vous préciser si la maintenance des trois premiers mois est incluse ?',
        'Oui, elle est incluse, ainsi qu’une formation d’une demi-journée pour votre équipe.',
        'Parfait, nous validons. Je vous envoie le bon de commande signé dès demain.',
      ],
    },
    {
      subject: 'Réunion de lancement : ordre du jour',
      pool: 'client',
      turns: [
        'Voici l’ordre du jour de la réunion de lancement de {day} :\n\n1. Présentation des équipes\n2. Objectifs et calendrier\n3. Outils et points de contact\n\nMerci de me signaler si vous souhaitez ajouter un sujet.',
        'Merci, c’est très complet. Pourrions-nous ajouter un point sur le budget ?',
        'Bien sûr, c’est ajouté. À {day} !',
      ],
    },
    {
      subject: 'Week-end à Annecy ?',
      pool: 'friend',
      labels: ['Label_travel'],
      turns: [
        'Ça te dirait, un week-end à Annecy le mois prochain ? J’ai trouvé un petit chalet près du lac à 95 € la nuit. On pourrait faire le tour du lac à vélo.',
        'Oh oui, avec plaisir ! Je suis libre le week-end du 24. Tu réserves ?',
        'C’est réservé ! Je t’envoie la confirmation. Pense à prendre ton maillot : l’eau est fraîche, mais ça vaut le coup.',
      ],
    },
    {
      subject: 'Anniversaire de Léa (surprise !)',
      pool: 'friend',
      turns: [
        'Chut, c’est une surprise ! On organise une petite fête pour les 30 ans de Léa samedi prochain, chez Hugo, à partir de 20 h. Tu peux venir ? Surtout, pas un mot à Léa.',
        'Génial, je serai là ! Je peux apporter un gâteau si tu veux.',
        'Ce serait parfait, merci ! Elle adore le chocolat.',
      ],
    },
    {
      subject: 'Facture n° {num} : relance',
      pool: 'vendor',
      important: true,
      labels: ['Label_receipts'],
      attachment: {
        kind: 'pdf',
        filename: 'Facture-{num}.pdf',
        title: '{company} - Facture {num}',
        lines: [
          'Prestation : accompagnement mensuel',
          'Montant : 3 200,00 EUR HT',
          'Echeance : depassee',
        ],
      },
      turns: [
        'Sauf erreur de notre part, la facture n° {num} du mois dernier (ci-jointe) reste impayée. Pourriez-vous vérifier auprès de votre service comptable ? Je vous remercie par avance.',
        'Toutes mes excuses pour ce retard. Le virement a été programmé ce matin ; vous devriez le recevoir sous 48 heures.',
        'Merci beaucoup pour votre retour rapide.',
      ],
    },
  ],
  de: [
    {
      subject: 'Angebot für die Inhouse-Schulung',
      pool: 'vendor',
      turns: [
        'vielen Dank für das nette Gespräch am Dienstag. Hier wie besprochen die Eckdaten unseres Angebots: zwei Schulungstage für bis zu 15 Teilnehmende, vor Ort in München, Gesamtpreis 4.800 € zzgl. MwSt.\n\nWenn das für Sie passt, reserviere ich gern einen Termin im nächsten Monat.',
        'danke für das Angebot, das klingt gut. Könnten wir die Schulung auf den 17. und 18. legen?',
        'sehr gern, ich habe beide Tage für Sie reserviert. Die Bestätigung folgt morgen per E-Mail.',
      ],
    },
    {
      subject: 'Dringend: Freigabe der Rechnung bis heute',
      pool: 'client',
      important: true,
      turns: [
        'könnten Sie bitte die Rechnung Nr. {num} heute noch freigeben? Der Zahlungslauf startet morgen früh, sonst verschiebt sich die Zahlung um zwei Wochen.',
        'ist erledigt, die Rechnung ist freigegeben. Danke für den Hinweis!',
        'super, vielen Dank!',
      ],
    },
    {
      subject: 'Grillabend am Samstag',
      pool: 'friend',
      turns: [
        'hast du am Samstag Zeit? Wir grillen bei uns im Garten, ab 18 Uhr. Bring gern jemanden mit!',
        'klingt super, ich bin dabei! Soll ich einen Salat mitbringen?',
        'ja, sehr gern. Bis Samstag!',
      ],
    },
    {
      subject: 'Zugtickets nach Hamburg',
      pool: 'friend',
      labels: ['Label_travel'],
      turns: [
        'ich habe die Zugtickets nach Hamburg gebucht: Hinfahrt Freitag um 16:12 Uhr, Rückfahrt Sonntag um 17:45 Uhr. Die Sitzplätze sind reserviert, Wagen 7.',
        'perfekt, danke! Ich kümmere mich ums Hotel. Hast du schon eine Idee fürs Abendessen am Samstag?',
        'ich dachte an das Fischrestaurant am Hafen, das Jonas uns empfohlen hat. Ich reserviere für 19:30 Uhr.',
      ],
    },
    {
      subject: 'Protokoll der Besprechung vom Montag',
      pool: 'colleague',
      turns: [
        'hier das Protokoll unserer Besprechung vom Montag:\n\n- Der Go-live wird um zwei Wochen verschoben.\n- Frau Köhler übernimmt die Abstimmung mit dem Kunden.\n- Nächste Besprechung: {day}, 10 Uhr.\n\nBitte gebt mir bis Freitag Bescheid, falls etwas fehlt.',
        'danke für das Protokoll! Von meiner Seite ist alles vollständig.',
      ],
    },
  ],
}
