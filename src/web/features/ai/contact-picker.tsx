import { useId } from 'react'
import { Users, X } from 'lucide-react'
import { Link } from 'wouter'
import type { Contact } from '../../../contract/contacts'
import { ContactBadges } from '../../components/contact-badges'
import { Button } from '../../components/ui/button'
import { Label } from '../../components/ui/label'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select'

/** Compose's quick contact picker and the selected contact's summary with a clear button. */
export function ContactPicker({
  contacts,
  selected,
  onPick,
  onClear,
}: {
  contacts: Contact[] | undefined
  selected: Contact | null
  onPick: (contact: Contact) => void
  onClear: () => void
}) {
  const id = useId()
  return (
    // minmax(0, 1fr): a long name or address is cut short inside the panel, never widens it.
    <section
      aria-labelledby={`${id}-heading`}
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border p-4"
    >
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-sm font-semibold">
        <Users aria-hidden="true" className="size-4" /> Contacts
      </h2>
      {contacts && contacts.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No contacts yet.{' '}
          <Link href="/contacts" className="text-primary underline underline-offset-4">
            Add one
          </Link>{' '}
          to get drafts in their language and tone.
        </p>
      ) : (
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1.5">
          <Label htmlFor={`${id}-pick`}>Quick pick</Label>
          <Select
            value={selected?.id ?? ''}
            onValueChange={(value) => {
              const contact = contacts?.find((c) => c.id === value)
              if (contact) onPick(contact)
            }}
            disabled={!contacts}
          >
            <SelectTrigger id={`${id}-pick`} className="w-full min-w-0 [&>span]:min-w-0">
              <SelectValue placeholder={contacts ? 'Choose a contact' : 'Loading contacts…'} />
            </SelectTrigger>
            <SelectContent>
              {contacts?.map((contact) => (
                <SelectItem key={contact.id} value={contact.id}>
                  {contact.name} — {contact.email}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}
      {selected && (
        <div
          className="flex min-w-0 items-start gap-3 rounded-md bg-muted/60 p-3 text-sm"
          data-testid="selected-contact"
        >
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/15 font-semibold text-primary"
          >
            {(selected.name.trim()[0] ?? '?').toUpperCase()}
          </span>
          <div className="min-w-0 flex-1 space-y-1">
            <p className="truncate font-medium">{selected.name}</p>
            <p className="truncate text-xs text-muted-foreground">{selected.email}</p>
            <ContactBadges contact={selected} />
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label={`Clear ${selected.name}`}
            onClick={onClear}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      )}
    </section>
  )
}
