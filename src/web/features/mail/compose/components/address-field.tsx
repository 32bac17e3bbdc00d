import { useEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react'
import { X } from 'lucide-react'
import { isAddressEntry, splitAddressList } from '../../../../../contract/mail'
import { fieldClasses } from '../../../../components/ui/input'
import { Label } from '../../../../components/ui/label'
import { cn } from '../../../../lib/cn'
import { useRecipientSuggestions } from '../../api/suggest-recipients'
import { formatAddress, parseAddressList } from '../addresses'

const join = (entries: string[]) => entries.join(', ')

/** What a chip shows: the name when there is one, else the address or the text typed. */
function chipText(entry: string): string {
  const [address] = parseAddressList(entry)
  return address?.name || address?.email || entry
}

/**
 * One address list (To, Cc or Bcc) as chips with autocomplete. The value stays the header
 * text the rest of Compose already speaks ('Ben <ben@x.io>, kim@y.io'): the chips and what is
 * being typed, joined, so a half-typed address is still sent and checked.
 */
export function AddressField({
  id,
  label,
  value,
  onChange,
  error,
  inputRef,
  placeholder,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  /** Why the server or the send check refused this field; shown under it. */
  error?: string
  inputRef?: Ref<HTMLInputElement>
  placeholder?: string
}) {
  const [draft, setDraft] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const chipButtons = useRef<(HTMLButtonElement | null)[]>([])
  const ownInput = useRef<HTMLInputElement | null>(null)

  const entries = splitAddressList(value)
  const typed = draft.trim()
  // The last entry is the text being typed unless the value was replaced from outside.
  const chips = typed && entries.at(-1) === typed ? entries.slice(0, -1) : entries
  useEffect(() => {
    if (typed && splitAddressList(value).at(-1) !== typed) setDraft('')
  }, [value, typed])

  const { data: found = [] } = useRecipientSuggestions(open ? typed : '')
  const suggestions = found.filter(
    (s) => !chips.some((c) => parseAddressList(c)[0]?.email.toLowerCase() === s.email),
  )
  const listOpen = open && typed !== '' && suggestions.length > 0
  const activeIndex = Math.min(active, suggestions.length - 1)

  const invalid = chips.filter((c) => !isAddressEntry(c))
  const message =
    error ??
    (invalid.length > 0
      ? `${invalid.map((c) => `“${c}”`).join(', ')} ${invalid.length === 1 ? 'is not an e-mail address' : 'are not e-mail addresses'}`
      : undefined)

  const emit = (next: string[], text: string) => {
    setDraft(text)
    onChange(join(text.trim() ? [...next, text.trim()] : next))
  }
  /** Turns what was typed (or pasted: several addresses at once) into chips. */
  const commit = (text = draft) => {
    const added = splitAddressList(text)
    if (added.length === 0) return false
    emit([...chips, ...added], '')
    return true
  }
  const choose = (index: number) => {
    const pick = suggestions[index]
    if (!pick) return
    emit([...chips, formatAddress(pick)], '')
    setActive(0)
  }
  const remove = (index: number) => {
    emit(
      chips.filter((_, i) => i !== index),
      draft,
    )
    ownInput.current?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (listOpen && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((activeIndex + step + suggestions.length) % suggestions.length)
    } else if (listOpen && (event.key === 'Enter' || event.key === 'Tab')) {
      event.preventDefault()
      choose(activeIndex)
    } else if (event.key === 'Escape' && listOpen) {
      event.preventDefault()
      setOpen(false)
    } else if (
      event.key === ',' ||
      event.key === ';' ||
      ((event.key === 'Enter' || event.key === 'Tab') && typed)
    ) {
      // Enter with Ctrl/Cmd is Send: leave it to the form, with the address committed.
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) return
      if (commit() || event.key !== 'Tab') event.preventDefault()
    } else if (event.key === 'Backspace' && draft === '' && chips.length > 0) {
      event.preventDefault()
      emit(chips.slice(0, -1), '')
    } else if (event.key === 'ArrowLeft' && draft === '' && chips.length > 0) {
      chipButtons.current[chips.length - 1]?.focus()
    }
  }

  const listId = `${id}-suggestions`
  const messageId = `${id}-message`
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div
        className={cn(
          fieldClasses,
          'relative flex min-h-9 flex-wrap items-center gap-1 py-1 focus-within:border-ring focus-within:ring-3 focus-within:ring-ring/25',
          message && 'border-destructive',
        )}
      >
        {chips.length > 0 && (
          <ul aria-label={`${label} recipients`} className="contents">
            {chips.map((chip, index) => {
              const bad = !isAddressEntry(chip)
              return (
                <li
                  key={`${chip}-${index}`}
                  data-testid="address-chip"
                  data-invalid={bad || undefined}
                  title={chip}
                  className={cn(
                    'inline-flex max-w-full min-w-0 items-center gap-1 rounded-full border py-0.5 pr-0.5 pl-2.5 text-sm',
                    bad
                      ? 'border-destructive bg-destructive/10 text-destructive'
                      : 'border-border bg-muted',
                  )}
                >
                  <span className="truncate">{chipText(chip)}</span>
                  {bad && <span className="sr-only">(not an e-mail address)</span>}
                  <button
                    type="button"
                    ref={(el) => {
                      chipButtons.current[index] = el
                    }}
                    aria-label={`Remove ${chip}`}
                    onClick={() => remove(index)}
                    onKeyDown={(event) => {
                      if (event.key === 'Backspace' || event.key === 'Delete') {
                        event.preventDefault()
                        remove(index)
                      } else if (event.key === 'ArrowLeft' && index > 0) {
                        chipButtons.current[index - 1]?.focus()
                      } else if (event.key === 'ArrowRight') {
                        const next = chipButtons.current[index + 1]
                        if (next && index + 1 < chips.length) next.focus()
                        else ownInput.current?.focus()
                      }
                    }}
                    className="inline-flex size-5 shrink-0 cursor-pointer items-center justify-center rounded-full outline-hidden hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <X aria-hidden="true" className="size-3" />
                  </button>
                </li>
              )
            })}
          </ul>
        )}
        <input
          ref={(el) => {
            ownInput.current = el
            if (typeof inputRef === 'function') inputRef(el)
            else if (inputRef) inputRef.current = el
          }}
          id={id}
          role="combobox"
          aria-expanded={listOpen}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={listOpen ? `${listId}-${activeIndex}` : undefined}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          autoComplete="off"
          spellCheck={false}
          value={draft}
          placeholder={chips.length === 0 ? placeholder : undefined}
          onChange={(event) => {
            setOpen(true)
            setActive(0)
            emit(chips, event.target.value)
          }}
          onKeyDown={onKeyDown}
          onPaste={(event) => {
            const text = event.clipboardData.getData('text')
            if (splitAddressList(text.replace(/\s*\n\s*/g, ',')).length > 1) {
              event.preventDefault()
              commit(`${draft}${text.replace(/\s*\n\s*/g, ',')}`)
            }
          }}
          onBlur={() => {
            setOpen(false)
            commit()
          }}
          className="h-7 min-w-32 flex-1 bg-transparent outline-hidden placeholder:text-muted-foreground"
        />
        {listOpen && (
          <ul
            id={listId}
            role="listbox"
            aria-label={`Suggested ${label} recipients`}
            className="absolute top-full right-0 left-0 z-20 mt-1 max-h-64 overflow-auto rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-md"
          >
            {suggestions.map((s, index) => (
              <li
                key={s.email}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                // Chosen before the input's blur turns the typed text into a chip.
                onMouseDown={(event) => {
                  event.preventDefault()
                  choose(index)
                }}
                className={cn(
                  'flex cursor-pointer flex-col rounded px-2 py-1.5 text-sm',
                  index === activeIndex && 'bg-accent text-accent-foreground',
                )}
              >
                <span className="truncate font-medium">{s.name || s.email}</span>
                {s.name && (
                  <span className="truncate text-xs text-muted-foreground">{s.email}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {message && (
        <p id={messageId} className="text-sm text-destructive">
          {message}
        </p>
      )}
    </div>
  )
}
