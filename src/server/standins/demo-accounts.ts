/** The demo accounts the Google stand-in is seeded with; the first is the demo admin. */
export const DEMO_ACCOUNTS = [
  { email: 'alex.morgan@inkwell.demo', name: 'Alex Morgan' },
  { email: 'sam.rivera@inkwell.demo', name: 'Sam Rivera' },
] as const

/** Who may open the admin panel in the demo, unless ADMIN_EMAILS says otherwise. */
export const DEMO_ADMIN_EMAIL = DEMO_ACCOUNTS[0].email
