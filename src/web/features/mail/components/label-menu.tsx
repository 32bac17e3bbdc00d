import { useEffect, useId, useRef } from 'react'
import { Ban, Check, Pencil, Trash2 } from 'lucide-react'
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
import type { OnDemandMenuProps } from '../../../components/ui/menu-on-demand'
import { toast } from '../../../components/ui/use-toast'
import { errorDetail } from '../../../lib/error-detail'
import { useUpdateLabel } from '../api/update-label'
import { LABEL_PALETTE, swatchOf } from './label-colors'
import type { LabelDialogKind } from './label-dialogs'
import type { OpenDialog } from './label-options'

/** A user label's menu itself, loaded on its first use (label-options.tsx). */
export function LabelMenu({
  label,
  openDialog,
  preloadDialog,
  trigger,
  defaultOpen,
}: {
  label: Label
  openDialog: OpenDialog
  /** Starts loading the Rename and Delete dialogs' code. */
  preloadDialog: () => Promise<unknown>
} & OnDemandMenuProps) {
  const update = useUpdateLabel()
  // The dialog opens once the menu has closed, its own focus trap then the only one.
  const chosen = useRef<LabelDialogKind | null>(null)
  const button = useRef<HTMLButtonElement>(null)
  const colourHeading = useId()
  const current = swatchOf(label)
  // Open, a dialog may be next: its code loads now (and on every opening, which loads it once).
  useEffect(() => {
    if (defaultOpen) void preloadDialog().catch(() => {})
  }, [defaultOpen, preloadDialog])

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
      defaultOpen={defaultOpen}
      onOpenChange={(open) => {
        if (open) void preloadDialog().catch(() => {})
      }}
    >
      <DropdownMenuTrigger asChild ref={button}>
        {trigger}
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
