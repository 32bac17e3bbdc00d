import { useState } from 'react'
import { Plus, Users } from 'lucide-react'
import type { Contact } from '../../../contract/contacts'
import { Button } from '../../components/ui/button'
import { Spinner } from '../../components/ui/spinner'
import { useContacts } from '../../lib/queries/contacts'
import { ContactCard } from './contact-card'
import { ContactDialog } from './contact-dialog'
import { DeleteContactDialog } from './delete-contact-dialog'

/** /contacts: the user's own contacts and how Inkwell should write to each. */
export function ContactsScreen() {
  const { data: contacts, isLoading, isError, refetch, isRefetching } = useContacts()
  // `{}` adds a contact, `{ contact }` edits one, null means the dialog is closed.
  const [editing, setEditing] = useState<{ contact?: Contact } | null>(null)
  const [deleting, setDeleting] = useState<Contact | null>(null)
  const add = () => setEditing({})

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-6 sm:px-6 lg:py-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">Contacts</h1>
          <p className="text-sm text-muted-foreground">
            Set the tone, language and greetings each person prefers; AI drafts follow them.
          </p>
        </div>
        <Button onClick={add}>
          <Plus aria-hidden="true" /> Add Contact
        </Button>
      </header>

      {isLoading ? (
        <div className="flex items-center justify-center gap-3 py-16 text-muted-foreground">
          <Spinner label="Loading contacts..." />
          <span aria-hidden="true">Loading contacts...</span>
        </div>
      ) : isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
          <p className="font-medium">Failed to load contacts</p>
          <Button variant="outline" disabled={isRefetching} onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : contacts && contacts.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Contacts">
          {contacts.map((contact) => (
            // min-w-0 and a minmax(0, 1fr) column: a long address is cut short in its card
            // instead of widening the card over its neighbour's (its Edit button covered).
            <li key={contact.id} className="grid min-w-0 grid-cols-1">
              <ContactCard
                contact={contact}
                onEdit={(c) => setEditing({ contact: c })}
                onDelete={setDeleting}
              />
            </li>
          ))}
        </ul>
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-16 text-center">
          <Users aria-hidden="true" className="size-10 text-muted-foreground" />
          <h2 className="text-lg font-medium">No contacts yet</h2>
          <p className="max-w-sm text-sm text-muted-foreground">
            Add the people you write to most, with their preferred tone and language.
          </p>
          <Button variant="outline" onClick={add}>
            <Plus aria-hidden="true" /> Add your first contact
          </Button>
        </div>
      )}

      {editing && (
        <ContactDialog
          key={editing.contact?.id ?? 'new'}
          contact={editing.contact}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && <DeleteContactDialog contact={deleting} onClose={() => setDeleting(null)} />}
    </div>
  )
}
