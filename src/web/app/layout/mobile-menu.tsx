import type { ReactNode } from 'react'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../components/ui/sheet'

/**
 * The slide-over menu of small screens. Its own module: the dialog code it needs loads when
 * the menu is first opened, not before the inbox's first paint (decision 036).
 */
export function MobileMenu({
  open,
  onOpenChange,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  children: ReactNode
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent>
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription className="sr-only">Navigation and account</SheetDescription>
        {children}
      </SheetContent>
    </Sheet>
  )
}
