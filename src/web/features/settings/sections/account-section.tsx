import { useState, type ReactNode } from 'react'
import { Download, LogOut, MonitorSmartphone, Trash2 } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { toast } from '../../../components/ui/use-toast'
import { errorDetail } from '../../../lib/error-detail'
import { useLogout } from '../../../lib/session/logout'
import { usePlan } from '../../../lib/queries/plan'
import { useExportData } from '../api/export-data'
import { DeleteAccountDialog } from '../delete-account-dialog'
import { SignOutEverywhereDialog } from '../sign-out-everywhere-dialog'
import { Section } from './section'

/** Export Data, Manage billing (Pro), Logout, Sign out of all devices and Delete Account. */
export function AccountSection({ manageBilling }: { manageBilling?: ReactNode }) {
  const exportData = useExportData()
  const logout = useLogout()
  const { data: plan } = usePlan()
  const [deleting, setDeleting] = useState(false)
  const [signingOutEverywhere, setSigningOutEverywhere] = useState(false)
  const onExport = () =>
    exportData.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: 'Data exported',
          description: 'Your Inkwell data was saved as a JSON file.',
        }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to export data',
          description: errorDetail(error),
        }),
    })

  return (
    <Section title="Account" description="Take your data with you, sign out, or leave Inkwell.">
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" disabled={exportData.isPending} onClick={onExport}>
          {exportData.isPending ? (
            <Spinner size="sm" label="Exporting" />
          ) : (
            <Download aria-hidden="true" />
          )}
          Export Data
        </Button>
        {plan?.plan === 'pro' && plan.canManageBilling && manageBilling}
        <Button variant="outline" disabled={logout.isPending} onClick={() => logout.mutate()}>
          <LogOut aria-hidden="true" /> Logout
        </Button>
        <Button variant="outline" onClick={() => setSigningOutEverywhere(true)}>
          <MonitorSmartphone aria-hidden="true" /> Sign out of all devices
        </Button>
        <Button variant="destructive" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden="true" /> Delete Account
        </Button>
      </div>
      {signingOutEverywhere && (
        <SignOutEverywhereDialog onClose={() => setSigningOutEverywhere(false)} />
      )}
      {deleting && <DeleteAccountDialog onClose={() => setDeleting(false)} />}
    </Section>
  )
}
