import { Pencil, Trash2 } from 'lucide-react'
import type { Contact } from '../../../contract/contacts'
import { ContactBadges } from '../../components/contact-badges'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'

export type ContactCardProps = {
  contact: Contact
  onEdit: (contact: Contact) => void
  onDelete: (contact: Contact) => void
}

export function ContactCard({ contact, onEdit, onDelete }: ContactCardProps) {
  const initial = (contact.name.trim()[0] ?? '?').toUpperCase()
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="contact-card">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/15 font-semibold text-primary"
        >
          {initial}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-medium">{contact.name}</h2>
          <p className="truncate text-sm text-muted-foreground">{contact.email}</p>
        </div>
        <div className="flex shrink-0 gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Edit ${contact.name}`}
            title="Edit"
            onClick={() => onEdit(contact)}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete ${contact.name}`}
            title="Delete"
            className="text-muted-foreground hover:text-destructive"
            onClick={() => onDelete(contact)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <ContactBadges contact={contact} className="flex flex-wrap gap-1.5" />
      {contact.context && (
        <p className="line-clamp-2 text-sm text-muted-foreground" data-testid="contact-context">
          {contact.context}
        </p>
      )}
    </Card>
  )
}
