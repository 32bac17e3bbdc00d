/**
 * The demo accounts the Google stand-in is seeded with; the first is the demo admin. Jordan
 * is the spare: the one to try Delete Account or the Free limit on without losing the mailbox
 * state of the other two, and the account the journeys that change a whole account use, so no
 * other journey depends on whether they ran first.
 */
export const DEMO_ACCOUNTS = [
  { email: 'alex.morgan@inkwell.demo', name: 'Alex Morgan' },
  { email: 'sam.rivera@inkwell.demo', name: 'Sam Rivera' },
  { email: 'jordan.lee@inkwell.demo', name: 'Jordan Lee' },
] as const

/** Who may open the admin panel in the demo, unless ADMIN_EMAILS says otherwise. */
export const DEMO_ADMIN_EMAIL = DEMO_ACCOUNTS[0].email
