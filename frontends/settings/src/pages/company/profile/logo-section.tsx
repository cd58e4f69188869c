import type { CompanySettings } from '@plumbline/contracts'
import { Button, Logo, Tabs, TabsContent, TabsList, TabsTrigger } from '@plumbline/ui'
import { Trash2 } from 'lucide-react'
import * as React from 'react'
import { formatBytes } from './logo-rules'
import { logoSource } from './logo-source'
import { LogoUploadTab } from './logo-upload-tab'
import { LogoUrlTab } from './logo-url-tab'
import { useLogoActions } from './use-logo-actions'

/** Spec 001 §2: the current logo, then a URL tab and an Upload tab (Upload first when a file is stored). */
export function LogoSection({ settings, orgId }: { settings: Partial<CompanySettings>; orgId: string | null }) {
  const [version, setVersion] = React.useState(0)
  const [uploaded, setUploaded] = React.useState(0)
  const [tab, setTab] = React.useState(settings.logoFileData ? 'upload' : 'url')
  const actions = useLogoActions(orgId, settings, () => {
    setVersion((v) => v + 1)
    setUploaded((n) => n + 1)
  })
  const src = logoSource(orgId, settings, version)
  const caption = settings.logoFileData
    ? [settings.logoFileName, formatBytes(settings.logoFileSize)].filter(Boolean).join(' · ') || 'Uploaded image'
    : settings.logoUrl
      ? 'From a web address'
      : 'No logo yet'

  return (
    <div className="grid grid-cols-1 gap-4 rounded-lg border p-4 lg:grid-cols-[minmax(0,220px)_minmax(0,1fr)]">
      <div className="flex min-w-0 flex-col items-start gap-2">
        <p className="text-sm font-medium">Current logo</p>
        <div data-testid="current-logo" className="flex min-h-[100px] w-full items-center justify-center rounded-md bg-muted/30 p-2">
          <Logo src={src} />
        </div>
        <p className="w-full truncate text-xs text-muted-foreground" title={caption}>
          {caption}
        </p>
        {src ? (
          <Button
            size="sm"
            variant="ghost"
            className="-ml-2 text-destructive hover:text-destructive"
            onClick={() => actions.remove.mutate()}
            disabled={actions.remove.isPending}
          >
            <Trash2 />
            {actions.remove.isPending ? 'Removing...' : 'Remove logo'}
          </Button>
        ) : null}
      </div>
      <Tabs value={tab} onValueChange={setTab} className="min-w-0">
        <TabsList aria-label="Logo source">
          <TabsTrigger value="url">URL</TabsTrigger>
          <TabsTrigger value="upload">Upload</TabsTrigger>
        </TabsList>
        <TabsContent value="url">
          <LogoUrlTab
            current={settings.logoUrl}
            saving={actions.saveUrl.isPending}
            serverError={actions.urlFieldError}
            onSave={(url) => actions.saveUrl.mutate(url)}
          />
        </TabsContent>
        <TabsContent value="upload">
          <LogoUploadTab uploading={actions.upload.isPending} onUpload={(file) => actions.upload.mutate(file)} clearSignal={uploaded} />
        </TabsContent>
      </Tabs>
    </div>
  )
}
