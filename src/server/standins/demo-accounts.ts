/** The demo accounts the Google stand-in is seeded with; the first is the demo admin. */
export const DEMO_ACCOUNTS = [
  { email: 'alex.morgan@inkwell.demo', name: 'Alex Morgan' },
  { email: 'sam.rivera@inkwell.demo', name: 'Sam Rivera' },
] as const
