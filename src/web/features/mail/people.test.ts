import { describe, expect, it } from 'vitest'
import { describeRecipients, describeSenders, senderName } from './people'

const me = { email: 'alex.morgan@inkwell.demo', name: 'Alex Morgan' }
const alex = { name: '', email: 'Alex.Morgan@inkwell.demo' }
const ana = { name: 'Ana López', email: 'ana@example.com' }
const ben = { name: 'Ben Okafor', email: 'ben@example.com' }

describe('describeSenders (a list row and its accessible name)', () => {
  it('names a one-person conversation in full', () => {
    expect(describeSenders({ participants: [ana], sender: ana }, me)).toBe('Ana López')
  })

  it('shows the user as "me", never their address, in any case of it', () => {
    expect(describeSenders({ participants: [alex], sender: alex }, me)).toBe('me')
  })

  it('names everyone who wrote by first name, in the order they first wrote', () => {
    expect(describeSenders({ participants: [ana, alex], sender: alex }, me)).toBe('Ana, me')
    expect(describeSenders({ participants: [alex, ana, ben], sender: ben }, me)).toBe(
      'me, Ana, Ben',
    )
  })

  it('falls back to the latest sender, and to an address without a name', () => {
    const bare = { name: '', email: 'kim@example.com' }
    expect(describeSenders({ participants: [], sender: bare }, me)).toBe('kim@example.com')
    expect(describeSenders({ participants: [bare, ana], sender: ana }, me)).toBe(
      'kim@example.com, Ana',
    )
  })

  it('knows no "me" before the session is known', () => {
    expect(describeSenders({ participants: [alex], sender: alex }, { email: '', name: '' })).toBe(
      'Alex.Morgan@inkwell.demo',
    )
  })
})

describe('the viewer', () => {
  it("names the user's own message by their display name", () => {
    expect(senderName(alex, me)).toBe('Alex Morgan')
    expect(senderName({ name: 'Alex M.', email: me.email }, { ...me, name: '' })).toBe('Alex M.')
    expect(senderName(ana, me)).toBe('Ana López')
  })

  it('lists recipients with the user as "me"', () => {
    expect(describeRecipients([alex, ana, { name: '', email: 'kim@example.com' }], me)).toBe(
      'me, Ana López, kim@example.com',
    )
  })
})
