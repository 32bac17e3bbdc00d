import { describe, expect, it } from 'vitest'
import {
  describeAddressees,
  describeRecipients,
  describeSenders,
  knownNames,
  senderAddress,
  senderName,
} from './people'

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

  it("names whom the user wrote to when only the user wrote, as Gmail's Sent does", () => {
    const sent = { participants: [alex], sender: alex }
    expect(describeSenders({ ...sent, recipient: 'Ana López <ana@example.com>' }, me)).toBe(
      'To: Ana López',
    )
    expect(
      describeSenders(
        { ...sent, recipient: '"López, Ana" <ana@example.com>, ben@example.com' },
        me,
      ),
    ).toBe('To: Ana, ben@example.com')
    expect(
      describeSenders({ ...sent, recipient: `Ben Okafor <ben@example.com>, ${me.email}` }, me),
    ).toBe('To: Ben, me')
  })

  it('keeps "me" for a note to self, and the senders once someone else wrote', () => {
    expect(describeSenders({ participants: [alex], sender: alex, recipient: me.email }, me)).toBe(
      'me',
    )
    expect(describeSenders({ participants: [alex], sender: alex, recipient: '' }, me)).toBe('me')
    expect(
      describeSenders({ participants: [alex, ana], sender: ana, recipient: me.email }, me),
    ).toBe('me, Ana')
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

  it('prints the address after the name once: not after a name that is the address', () => {
    expect(senderAddress(ana, senderName(ana, me))).toBe('ana@example.com')
    expect(senderAddress(alex, senderName(alex, me))).toBe('Alex.Morgan@inkwell.demo')
    const bare = { name: '', email: 'kim@example.com' }
    expect(senderName(bare, me)).toBe('kim@example.com')
    expect(senderAddress(bare, senderName(bare, me))).toBeNull()
    // The user without a display name is named by their address: once, too.
    expect(senderAddress(alex, senderName(alex, { ...me, name: '' }))).toBeNull()
  })

  it('lists recipients with the user as "me"', () => {
    expect(describeRecipients([alex, ana, { name: '', email: 'kim@example.com' }], me)).toBe(
      'me, Ana López, kim@example.com',
    )
  })
})

describe('a draft or a scheduled message (whom it goes to)', () => {
  const known = knownNames([
    { name: 'Ana López', email: 'ANA@example.com' },
    { name: '  ', email: 'kim@example.com' },
  ])

  it("names a bare address by the contact's name, and the user as me", () => {
    expect(describeAddressees('ana@example.com, alex.morgan@inkwell.demo', me, known)).toBe(
      'Ana López, me',
    )
    expect(describeAddressees(['ana@example.com', 'Ben Okafor <ben@example.com>'], me, known)).toBe(
      'Ana López, Ben Okafor',
    )
  })

  it('prefers the name the message gives, and falls back to the address', () => {
    expect(describeAddressees('Ani <ana@example.com>', me, known)).toBe('Ani')
    expect(describeAddressees('kim@example.com', me, known)).toBe('kim@example.com')
    expect(describeAddressees('ana@example.com', me)).toBe('ana@example.com')
  })

  it('is empty when nobody is addressed yet', () => {
    expect(describeAddressees('', me, known)).toBe('')
    expect(describeAddressees([], me, known)).toBe('')
  })
})
