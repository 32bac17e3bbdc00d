import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import type { Contact } from '../../../contract/contacts'
import { ContactCard } from './contact-card'

afterEach(cleanup)

const CONTACT: Contact = {
  id: 'c1',
  name: 'Elena García',
  email: 'elena@example.com',
  avatar: null,
  tone: 'formal',
  formality: 'formal',
  language: 'spanish',
  greeting: '',
  signoff: '',
  memory: null,
  context: null,
  writingProfileId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

describe('a card on the Contacts page', () => {
  it('says "Formal · Spanish", not "Formal · Formal", with what each badge stands for', () => {
    render(<ContactCard contact={CONTACT} onEdit={() => {}} onDelete={() => {}} />)
    const list = within(screen.getByTestId('contact-card')).getByRole('list', {
      name: 'Writing preferences',
    })
    const badges = within(list)
      .getAllByRole('listitem')
      .map((item) => [item.textContent, item.firstElementChild?.getAttribute('title')])
    expect(badges).toEqual([
      ['Formal', 'Tone and formality'],
      ['Spanish', 'Language'],
    ])
  })
})
