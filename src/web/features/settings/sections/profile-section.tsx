import { useId } from 'react'
import type { CurrentUser } from '../../../../contract/auth'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { Section } from './section'

/** The signed-in user's name and address, read-only: they come from Google. */
export function ProfileSection({ user }: { user: CurrentUser }) {
  const id = useId()
  return (
    <Section title="Profile" description="From your Google account; change them there.">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-name`}>Display name</Label>
          <Input id={`${id}-name`} value={user.name} readOnly />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input id={`${id}-email`} type="email" value={user.email} readOnly />
        </div>
      </div>
    </Section>
  )
}
