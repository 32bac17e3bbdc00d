import { useState } from 'react'
import { Mail } from 'lucide-react'
import type { CurrentUser } from '../../../../contract/auth'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog'
import { Spinner } from '../../../components/ui/spinner'
import { toast } from '../../../components/ui/use-toast'
import { useDisconnectGmail } from '../api/disconnect-gmail'
import { Section } from './section'

/** Whether Gmail is connected, with Connect Gmail or Disconnect (asked first). */
export function GmailSection({ user }: { user: CurrentUser }) {
  const disconnect = useDisconnectGmail()
  const [asking, setAsking] = useState(false)
  const connected = user.gmailConnected
  const onDisconnect = () =>
    disconnect.mutate(undefined, {
      onSuccess: () => window.location.reload(),
      onError: () =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'Failed to disconnect Gmail',
        }),
    })

  return (
    <Section title="Gmail Integration" description="Inkwell works on your Gmail inbox.">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <Mail aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          <div className="min-w-0">
            <p className="flex items-center gap-2 text-sm font-medium">
              Gmail
              {connected ? (
                <Badge variant="success">Connected</Badge>
              ) : (
                <Badge variant="outline">Not connected</Badge>
              )}
            </p>
            <p className="text-sm text-muted-foreground">
              {connected
                ? `Reading and sending mail as ${user.email}.`
                : 'Connect Gmail to see your inbox and send mail from Inkwell.'}
            </p>
          </div>
        </div>
        {connected ? (
          <Button variant="outline" onClick={() => setAsking(true)}>
            Disconnect
          </Button>
        ) : (
          <Button onClick={() => window.location.assign('/auth/google')}>Connect Gmail</Button>
        )}
      </div>
      {asking && (
        <Dialog open onOpenChange={(open) => !open && !disconnect.isPending && setAsking(false)}>
          <DialogContent className="sm:max-w-md">
            <DialogHeader>
              <DialogTitle>Disconnect Gmail?</DialogTitle>
              <DialogDescription>
                Inkwell stops reading and sending mail as {user.email} and forgets the copy of your
                mailbox it keeps. Your mail stays in Gmail; you can connect again at any time.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button
                variant="outline"
                disabled={disconnect.isPending}
                onClick={() => setAsking(false)}
              >
                Cancel
              </Button>
              <Button variant="destructive" disabled={disconnect.isPending} onClick={onDisconnect}>
                {disconnect.isPending && (
                  <Spinner size="sm" label="Disconnecting" className="text-current" />
                )}
                Disconnect Gmail
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      )}
    </Section>
  )
}
