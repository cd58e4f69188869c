import type { PropertyData } from '@plumbline/contracts'
import { Button, Input, Label } from '@plumbline/ui'
import { DownloadCloud, Loader2 } from 'lucide-react'
import { PropertyInfoCard } from '../../components/property/property-info-card'

/** Property address with Fetch Data (disabled while blank or fetching) and the property card. */
export function PropertyField({
  inputProps,
  error,
  canFetch,
  fetching,
  onFetch,
  data,
}: {
  inputProps: React.InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> }
  error?: string
  canFetch: boolean
  fetching: boolean
  onFetch: () => void
  data: PropertyData | null
}) {
  return (
    <div className="space-y-3">
      <div className="space-y-2">
        <Label htmlFor="estimate-property-address">Property Address</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="estimate-property-address"
            placeholder="123 Main St, Springfield, IL 62701"
            autoComplete="street-address"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'estimate-property-address-error' : undefined}
            {...inputProps}
          />
          <Button type="button" variant="outline" className="h-10 shrink-0" onClick={onFetch} disabled={!canFetch || fetching}>
            {fetching ? <Loader2 className="animate-spin" /> : <DownloadCloud />}
            Fetch Data
          </Button>
        </div>
        {error ? (
          <p id="estimate-property-address-error" role="alert" className="text-[13px] font-medium text-destructive">
            {error}
          </p>
        ) : (
          <p className="text-[13px] text-muted-foreground">Fetch Data looks up the property and its fire hazard assessment.</p>
        )}
      </div>
      {data ? <PropertyInfoCard data={data} /> : null}
    </div>
  )
}
