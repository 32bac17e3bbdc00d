import { useState } from 'react'
import { ChevronDown, Send } from 'lucide-react'
import { Link } from 'wouter'
import { ProBadge } from '../../../../components/pro-badge'
import { Button } from '../../../../components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../../components/ui/dropdown-menu'
import { Spinner } from '../../../../components/ui/spinner'
import { toast } from '../../../../components/ui/use-toast'
import { usePlan } from '../../../../lib/queries/plan'
import { PickTimeDialog } from '../../scheduled/pick-time-dialog'
import { TimeChoiceItems } from '../../scheduled/time-choices'

/** What a Free user is told on choosing Send later (decision 053): Pro, and where to get it. */
export function showSendLaterNeedsPro() {
  toast({
    title: 'Send later is part of Pro',
    description: (
      <>
        Schedule mail to go at the right time with Pro; Undo send stays free.{' '}
        <Link href="/upgrade" className="font-medium underline underline-offset-2">
          Upgrade to Pro
        </Link>
      </>
    ),
    duration: 10_000,
  })
}

/**
 * Send as a split button (issue 24): Send itself (the form's submit: Undo send applies), and a
 * menu with Send later — Tomorrow morning, Monday morning or a date & time on the user's clock.
 * A Free user sees the Pro badge there, and choosing gets the upgrade message, not a send.
 */
export function SendButton({
  disabled,
  sending,
  onSendLater,
}: {
  disabled: boolean
  sending: boolean
  /** Without it, Send alone. */
  onSendLater?: (at: Date) => void
}) {
  const { data: plan } = usePlan()
  // While the plan is loading the choices are offered: the server refuses a Free user anyway.
  const free = plan?.plan === 'free'
  const [picking, setPicking] = useState(false)
  const choose = (at: Date) => (free ? showSendLaterNeedsPro() : onSendLater?.(at))

  return (
    <div role="group" aria-label="Send" className="flex">
      <Button type="submit" disabled={disabled} className={onSendLater && 'rounded-r-none'}>
        {sending ? (
          <Spinner size="sm" label="Sending…" className="text-current" />
        ) : (
          <Send aria-hidden="true" />
        )}
        Send Email
      </Button>
      {onSendLater && (
        <>
          {/* Not modal: its date & time item opens a dialog, which then owns the page. */}
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button
                type="button"
                size="icon"
                disabled={disabled}
                aria-label="More send options"
                className="rounded-l-none border-l border-primary-foreground/30"
              >
                <ChevronDown aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuLabel className="flex items-center gap-2">
                Send later {free && <ProBadge />}
              </DropdownMenuLabel>
              <TimeChoiceItems
                onChoose={choose}
                onPickDate={() => (free ? showSendLaterNeedsPro() : setPicking(true))}
              />
            </DropdownMenuContent>
          </DropdownMenu>
          <PickTimeDialog
            open={picking}
            onOpenChange={setPicking}
            title="Send later"
            confirmLabel="Schedule send"
            onPick={onSendLater}
          />
        </>
      )}
    </div>
  )
}
