import { useId, useMemo, useState, type KeyboardEvent } from 'react'
import { Plus } from 'lucide-react'
import type { Label } from '../../../../contract/labels'
import { Button } from '../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog'
import { Input } from '../../../components/ui/input'
import { cn } from '../../../lib/cn'
import { ApiError } from '../../../lib/api-client'
import { SNOOZED_LABEL_NAME } from '../mailbox/views'

/** The labels a picker offers: the user's own, by name, without the Snoozed mirror. */
export function pickableLabels(labels: readonly Label[] | undefined): Label[] {
  return (labels ?? [])
    .filter((l) => l.type === 'user' && l.name !== SNOOZED_LABEL_NAME)
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }))
}

const matching = (labels: Label[], filter: string) => {
  const text = filter.trim().toLowerCase()
  return text ? labels.filter((l) => l.name.toLowerCase().includes(text)) : labels
}

/** Tick state of a label over the conversations: all have it, some, or none. */
export type Ticks = ReadonlyMap<string, 'all' | 'some'>

/**
 * `l`: the labels, ticked as the conversations have them, with a filter that offers to create
 * the label typed when none matches. Apply sends what changed; a created label is applied at
 * once, as in Gmail.
 */
export function LabelPicker({
  open,
  onOpenChange,
  labels,
  ticks,
  count,
  onApply,
  onCreate,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  labels: readonly Label[] | undefined
  ticks: Ticks
  /** How many conversations the change is for. */
  count: number
  onApply: (change: { add: string[]; remove: string[] }) => void
  /** Creates the label and applies it; rejects with the server's reason. */
  onCreate: (name: string) => Promise<void>
}) {
  const id = useId()
  const [filter, setFilter] = useState('')
  const [checked, setChecked] = useState<ReadonlyMap<string, boolean>>(new Map())
  const [problem, setProblem] = useState<string | null>(null)
  const [creating, setCreating] = useState(false)
  const all = useMemo(() => pickableLabels(labels), [labels])
  const shown = matching(all, filter)
  const name = filter.trim()
  const exact = all.some((l) => l.name.toLowerCase() === name.toLowerCase())

  const isChecked = (label: Label) => checked.get(label.id) ?? ticks.get(label.id) === 'all'
  const isMixed = (label: Label) => !checked.has(label.id) && ticks.get(label.id) === 'some'

  const apply = () => {
    const add: string[] = []
    const remove: string[] = []
    for (const [labelId, on] of checked) {
      const before = ticks.get(labelId)
      if (on && before !== 'all') add.push(labelId)
      if (!on && before !== undefined) remove.push(labelId)
    }
    if (add.length + remove.length > 0) onApply({ add, remove })
    onOpenChange(false)
  }

  const create = async () => {
    setCreating(true)
    setProblem(null)
    try {
      await onCreate(name)
      onOpenChange(false)
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.detail ? error.detail : 'Could not create the label',
      )
    } finally {
      setCreating(false)
    }
  }

  const onFilterKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    if (name && !exact && shown.length === 0) void create()
    else apply()
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-sm">
        <DialogHeader>
          <DialogTitle>Label as</DialogTitle>
          <DialogDescription>
            {count === 1 ? 'This conversation' : `${count} conversations`}: tick the labels to keep,
            then Apply.
          </DialogDescription>
        </DialogHeader>
        <Input
          aria-label="Filter labels"
          placeholder="Type a label's name"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value)
            setProblem(null)
          }}
          onKeyDown={onFilterKey}
          aria-describedby={problem ? `${id}-problem` : undefined}
          autoFocus
        />
        <div role="group" aria-label="Labels" className="max-h-64 space-y-0.5 overflow-y-auto">
          {shown.map((label) => (
            <label
              key={label.id}
              className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-accent"
            >
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={isChecked(label)}
                ref={(el) => {
                  if (el) el.indeterminate = isMixed(label)
                }}
                onChange={(event) =>
                  setChecked((current) => new Map(current).set(label.id, event.target.checked))
                }
              />
              <span className="truncate">{label.name}</span>
            </label>
          ))}
          {shown.length === 0 && !name && (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">No labels yet.</p>
          )}
        </div>
        {name && !exact && (
          <Button
            variant="ghost"
            className="justify-start"
            disabled={creating}
            onClick={() => void create()}
          >
            <Plus aria-hidden="true" /> Create &apos;{name}&apos;
          </Button>
        )}
        {problem && (
          <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={apply}>Apply</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/**
 * `v`: "Move to", one label picked from a filtered list (arrow keys and Enter, or a click):
 * the conversations get it and leave the inbox.
 */
export function MoveToPicker({
  open,
  onOpenChange,
  labels,
  onPick,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  labels: readonly Label[] | undefined
  onPick: (labelId: string) => void
}) {
  const id = useId()
  const [filter, setFilter] = useState('')
  const [active, setActive] = useState(0)
  const shown = matching(pickableLabels(labels), filter)
  const at = Math.min(active, Math.max(0, shown.length - 1))
  const pick = (label: Label | undefined) => {
    if (!label) return
    onOpenChange(false)
    onPick(label.id)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const by = event.key === 'ArrowDown' ? 1 : -1
      setActive(Math.max(0, Math.min(shown.length - 1, at + by)))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      pick(shown[at])
    }
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-sm">
        <DialogHeader>
          <DialogTitle>Move to</DialogTitle>
          <DialogDescription>The label is added and the conversation archived.</DialogDescription>
        </DialogHeader>
        <Input
          role="combobox"
          aria-label="Filter labels"
          aria-expanded="true"
          aria-controls={`${id}-list`}
          aria-activedescendant={shown[at] ? `${id}-${shown[at].id}` : undefined}
          placeholder="Type a label's name"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value)
            setActive(0)
          }}
          onKeyDown={onKeyDown}
          autoFocus
        />
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label="Labels"
          className="max-h-64 space-y-0.5 overflow-y-auto"
        >
          {shown.map((label, index) => (
            <li
              key={label.id}
              id={`${id}-${label.id}`}
              role="option"
              aria-selected={index === at}
              onClick={() => pick(label)}
              onPointerMove={() => setActive(index)}
              className={cn(
                'cursor-pointer truncate rounded px-2 py-1.5 text-sm',
                index === at && 'bg-accent text-accent-foreground',
              )}
            >
              {label.name}
            </li>
          ))}
        </ul>
        {shown.length === 0 && <p className="text-sm text-muted-foreground">No label matches.</p>}
      </DialogContent>
    </Dialog>
  )
}
