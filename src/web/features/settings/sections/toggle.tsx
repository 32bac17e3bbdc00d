import { useId } from 'react'
import { Label } from '../../../components/ui/label'
import { Switch } from '../../../components/ui/switch'
import { cn } from '../../../lib/cn'

/** A labelled switch with a one-line description. */
export function Toggle({
  label,
  description,
  checked,
  onChange,
  className,
}: {
  label: string
  description: string
  checked: boolean
  onChange: (checked: boolean) => void
  className?: string
}) {
  const id = useId()
  return (
    <div className={cn('flex items-center justify-between gap-4 py-3', className)}>
      <div className="space-y-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-description`} className="text-xs text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        aria-describedby={`${id}-description`}
      />
    </div>
  )
}
