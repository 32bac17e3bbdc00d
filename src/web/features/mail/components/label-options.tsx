import {
  createContext,
  useCallback,
  Suspense,
  useContext,
  useId,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { Ban, Check, MoreVertical, Pencil, Trash2 } from 'lucide-react'
import type { Label, LabelColor } from '../../../../contract/labels'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu'
import { toast } from '../../../components/ui/use-toast'
import { cn } from '../../../lib/cn'
import { errorDetail } from '../../../lib/error-detail'
import { lazyComponent } from '../../../lib/lazy-component'
import { useUpdateLabel } from '../api/update-label'
import { SNOOZED_LABEL_NAME } from '../mailbox/views'
import { LABEL_PALETTE, swatchOf } from './label-colors'
import type { LabelDialogKind } from './label-dialogs'

// The dialogs are Radix's dialog code, kept out of the inbox's first paint (decision 036): they
// load when the menu is first pointed at, focused or opened.
const LabelDialog = lazyComponent(() => import('./label-dialogs').then((m) => m.LabelDialog))

type OpenDialog = (kind: LabelDialogKind, label: Label, from: HTMLElement | null) => void
const LabelDialogs = createContext<OpenDialog | null>(null)

type Shown = { kind: LabelDialogKind; label: Label; tree: Element | null; from: HTMLElement | null }

/**
 * Back to the label's options button once its dialog has gone (Radix returns focus only to a
 * DialogTrigger, which these dialogs have none of): the same button, or the renamed label's
 * new one in the same tree. A deleted label has none left.
 */
function returnFocus({ label, tree, from }: Shown) {
  if (from?.isConnected) return from.focus()
  if (!tree?.isConnected) return
  const buttons = [...tree.querySelectorAll<HTMLElement>('[data-label-id]')]
  buttons.find((button) => button.dataset.labelId === label.id)?.focus()
}

/**
 * Where the labels' Rename and Delete dialogs live: above the label tree, whose rows are keyed by
 * name, so a renamed or deleted label's row going away does not take its open dialog with it.
 */
export function LabelOptionsProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null)
  const open = useCallback<OpenDialog>(
    (kind, label, from) =>
      setShown({ kind, label, from, tree: from?.closest('[role="tree"]') ?? null }),
    [],
  )
  const close = () => {
    setShown(null)
    // After the dialog has gone, or its focus trap would take the focus straight back.
    if (shown) setTimeout(() => returnFocus(shown))
  }
  return (
    <LabelDialogs.Provider value={open}>
      {children}
      {shown && (
        <Suspense fallback={null}>
          <LabelDialog kind={shown.kind} label={shown.label} onClose={close} />
        </Suspense>
      )}
    </LabelDialogs.Provider>
  )
}

/** Only the user's own labels can be renamed, recoloured or deleted; Gmail's are its own. */
export const canManage = (label: Pick<Label, 'type' | 'name'>) =>
  label.type === 'user' && label.name !== SNOOZED_LABEL_NAME

/**
 * A user label's "more" button in the sidebar: Rename…, the colour palette (Gmail's own colours,
 * or none) and Delete label, as in Gmail's label menu.
 */
export function LabelOptions({ label, className }: { label: Label; className?: string }) {
  const openDialog = useContext(LabelDialogs)
  const update = useUpdateLabel()
  // The dialog opens once the menu has closed, its own focus trap then the only one.
  const chosen = useRef<LabelDialogKind | null>(null)
  const button = useRef<HTMLButtonElement>(null)
  const colourHeading = useId()
  if (!openDialog) throw new Error('LabelOptions needs a LabelOptionsProvider above it')
  if (!canManage(label)) return null
  const current = swatchOf(label)

  const recolour = (color: LabelColor | null) => {
    if (color === null ? current === null : current === color.backgroundColor) return
    update.mutate(
      { id: label.id, change: { color } },
      {
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: `Could not change the colour of "${label.name}"`,
            description: errorDetail(error),
          }),
      },
    )
  }

  return (
    <DropdownMenu
      modal={false}
      onOpenChange={(open) => {
        if (open) void LabelDialog.preload()
      }}
    >
      <DropdownMenuTrigger asChild>
        <button
          ref={button}
          type="button"
          aria-label={`Label options for ${label.name}`}
          data-label-id={label.id}
          onPointerEnter={() => void LabelDialog.preload()}
          onFocus={() => void LabelDialog.preload()}
          className={cn(
            'inline-flex size-6 shrink-0 cursor-pointer items-center justify-center rounded text-muted-foreground outline-hidden',
            'hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
            // Out of the way until the row is pointed at or in focus; always there to touch.
            'opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 focus-visible:opacity-100',
            'data-[state=open]:opacity-100 pointer-coarse:opacity-100',
            className,
          )}
        >
          <MoreVertical aria-hidden="true" className="size-3.5" />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        side="right"
        className="w-64"
        onCloseAutoFocus={() => {
          if (chosen.current) openDialog(chosen.current, label, button.current)
          chosen.current = null
        }}
      >
        <DropdownMenuLabel className="truncate" title={label.name}>
          {label.name}
        </DropdownMenuLabel>
        <DropdownMenuItem onSelect={() => (chosen.current = 'rename')}>
          <Pencil aria-hidden="true" /> Rename…
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuGroup aria-labelledby={colourHeading}>
          <DropdownMenuLabel id={colourHeading}>Colour</DropdownMenuLabel>
          <div className="grid gap-1 px-2 pb-1">
            {LABEL_PALETTE.map((row) => (
              <div key={row[0]!.backgroundColor} className="grid grid-cols-8 gap-1">
                {row.map((color) => {
                  const selected = current === color.backgroundColor
                  return (
                    <DropdownMenuItem
                      key={color.backgroundColor}
                      role="menuitemradio"
                      aria-checked={selected}
                      aria-label={color.name}
                      title={color.name}
                      textValue={color.name}
                      onSelect={() =>
                        recolour({
                          backgroundColor: color.backgroundColor,
                          textColor: color.textColor,
                        })
                      }
                      style={{ backgroundColor: color.backgroundColor, color: color.textColor }}
                      // Its colour is inline, so focus marks it with a ring, not the accent ground.
                      className="size-6 justify-center rounded-sm border border-black/15 p-0 focus:ring-2 focus:ring-ring focus:ring-offset-1 focus:ring-offset-popover dark:border-white/25"
                    >
                      {selected && <Check aria-hidden="true" className="size-3.5 text-current" />}
                    </DropdownMenuItem>
                  )
                })}
              </div>
            ))}
          </div>
          <DropdownMenuItem
            role="menuitemradio"
            aria-checked={current === null}
            onSelect={() => recolour(null)}
          >
            <Ban aria-hidden="true" /> No colour
            {current === null && <Check aria-hidden="true" className="ml-auto" />}
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => (chosen.current = 'delete')}>
          <Trash2 aria-hidden="true" /> Delete label
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
