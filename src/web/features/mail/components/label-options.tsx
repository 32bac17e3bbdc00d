import { createContext, useCallback, Suspense, useContext, useState, type ReactNode } from 'react'
import { MoreVertical } from 'lucide-react'
import type { Label } from '../../../../contract/labels'
import { MenuOnDemand } from '../../../components/ui/menu-on-demand'
import { cn } from '../../../lib/cn'
import { lazyComponent } from '../../../lib/lazy-component'
import { SNOOZED_LABEL_NAME } from '../mailbox/views'
import type { LabelDialogKind } from './label-dialogs'

// The dialogs are Radix's dialog code, kept out of the inbox's first paint (decision 036): they
// load when the menu is first pointed at, focused or opened.
const LabelDialog = lazyComponent(() => import('./label-dialogs').then((m) => m.LabelDialog))

// The menu itself (Radix's dropdown, the palette) loads on first use, as the rows' menus do.
const LabelMenu = lazyComponent(() => import('./label-menu').then((m) => m.LabelMenu))

/** Opens a label's Rename or Delete dialog, `from` the button its focus goes back to. */
export type OpenDialog = (kind: LabelDialogKind, label: Label, from: HTMLElement | null) => void
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
 * or none) and Delete label, as in Gmail's label menu (label-menu.tsx).
 */
export function LabelOptions({ label, className }: { label: Label; className?: string }) {
  const openDialog = useContext(LabelDialogs)
  if (!openDialog) throw new Error('LabelOptions needs a LabelOptionsProvider above it')
  if (!canManage(label)) return null
  return (
    <MenuOnDemand
      menu={LabelMenu}
      menuProps={{ label, openDialog, preloadDialog: LabelDialog.preload }}
      trigger={
        <button
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
      }
    />
  )
}
