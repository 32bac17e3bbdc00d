/** Who writes to the demo owner: colleagues, clients, vendors, friends and family, by language. */
import type { Contact, Lang } from '../types.js'

export const person = (name: string, email: string, company?: string, title?: string): Contact => ({
  name,
  email,
  company,
  title,
})

/** Colleagues live at the owner's domain: [first, last, title]. */
export const COLLEAGUES: [string, string, string][] = [
  ['Priya', 'Shah', 'Head of Engineering'],
  ['Daniel', 'Okafor', 'Finance Manager'],
  ['Mei', 'Lin', 'Design Lead'],
  ['Jordan', 'Patel', 'Product Manager'],
  ['Hannah', 'Kim', 'Customer Success'],
  ['Luis', 'Romero', 'Sales Director'],
  ['Grace', 'Whitfield', 'Operations'],
  ['Owen', 'Clarke', 'Marketing Lead'],
]
export const FAMILY_FIRST_NAMES = ['Dana', 'Chris', 'Ellie']

export const CONTACTS: Record<'client' | 'vendor' | 'friend', Contact[]> = {
  client: [
    person('Sarah Whitman', 'sarah.whitman@northwind.io', 'Northwind', 'VP Operations'),
    person('Ben Alvarez', 'ben.alvarez@acme-corp.com', 'Acme Corp', 'IT Director'),
    person('Aisha Rahman', 'aisha.rahman@bluepeakhealth.com', 'Bluepeak Health', 'COO'),
    person('Kenji Watanabe', 'kenji@tidewater-logistics.com', 'Tidewater Logistics', 'CTO'),
    person('Emma Lindqvist', 'emma.l@solsticemedia.co', 'Solstice Media', 'Head of Growth'),
    person('Michael Turner', 'mturner@granite-co.com', 'Granite & Co', 'Procurement Lead'),
  ],
  vendor: [
    person('Rosa Delgado', 'rosa@brightline.studio', 'Brightline Studio', 'Account Manager'),
    person('Peter Novak', 'peter.novak@cloudcrate.io', 'CloudCrate', 'Billing'),
    person('Laura Chen', 'laura.chen@keystonelegal.com', 'Keystone Legal', 'Associate'),
  ],
  friend: [
    person('Jamie Chen', 'jamie.chen@kitemail.com'),
    person('Olivia Brooks', 'liv.brooks@orbitmail.net'),
    person('Marcus Hall', 'marcushall@kitemail.com'),
    person('Nina Patel', 'nina.p@orbitmail.net'),
    person('Theo Grant', 'theo.grant@kitemail.com'),
  ],
}

export const LANG_CONTACTS: Record<Exclude<Lang, 'en'>, { work: Contact[]; friends: Contact[] }> = {
  es: {
    work: [
      person('Lucía Fernández', 'lucia.fernandez@estudiolumen.es', 'Estudio Lumen'),
      person('Javier Ortega', 'jortega@grupo-altamar.es', 'Grupo Altamar'),
      person('Diego Navarro', 'diego@navarro-arquitectos.es', 'Navarro Arquitectos'),
    ],
    friends: [
      person('Carmen Ruiz', 'carmen.ruiz@kitemail.com'),
      person('Sofía Márquez', 'sofia.marquez@orbitmail.net'),
    ],
  },
  fr: {
    work: [
      person('Camille Dubois', 'camille.dubois@atelier-garance.fr', 'Atelier Garance'),
      person('Julien Moreau', 'j.moreau@solvia-conseil.fr', 'Solvia Conseil'),
      person('Thomas Girard', 'thomas.girard@maison-roseau.fr', 'Maison Roseau'),
    ],
    friends: [
      person('Élodie Lefèvre', 'elodie.lefevre@kitemail.com'),
      person('Amélie Rousseau', 'amelie.rousseau@orbitmail.net'),
    ],
  },
  de: {
    work: [
      person('Lena Schäfer', 'lena.schaefer@nordlicht-software.de', 'Nordlicht Software'),
      person('Jonas Becker', 'j.becker@brueckner-partner.de', 'Brückner & Partner'),
      person('Maximilian Groß', 'max.gross@heller-logistik.de', 'Heller Logistik'),
    ],
    friends: [
      person('Katrin Weiß', 'katrin.weiss@kitemail.com'),
      person('Anna Köhler', 'anna.koehler@orbitmail.net'),
    ],
  },
}

export const PROJECTS = ['Atlas', 'Beacon', 'Horizon', 'Mercury', 'Orchid', 'Juniper', 'Northstar']
