import { Button, toast } from '@plumbline/ui'
import { ImageUp, Upload, X } from 'lucide-react'
import * as React from 'react'
import { checkLogoFile, formatBytes } from './logo-rules'

/** A picked file and the object URL that previews it (revoked when replaced or cleared). */
function usePickedFile() {
  const [picked, setPicked] = React.useState<{ file: File; url: string } | null>(null)
  React.useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked.url)
    },
    [picked],
  )
  return [picked, (file: File | null) => setPicked(file ? { file, url: URL.createObjectURL(file) } : null)] as const
}

/**
 * Upload tab: choose a PNG or JPEG (checked here before anything is sent), see it, then Upload
 * or Clear. The file input is visually hidden behind a button so it looks the same everywhere.
 */
export function LogoUploadTab({ uploading, onUpload, clearSignal }: { uploading: boolean; onUpload: (file: File) => void; clearSignal: number }) {
  const inputRef = React.useRef<HTMLInputElement>(null)
  const [picked, setPicked] = usePickedFile()

  // The parent bumps clearSignal after a successful upload: the preview has become the logo.
  const clearPicked = React.useEffectEvent(() => setPicked(null))
  React.useEffect(() => {
    if (clearSignal > 0) clearPicked()
  }, [clearSignal])

  const onPick = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    // Reset so choosing the same file again still fires a change.
    e.target.value = ''
    if (!file) return
    const problem = checkLogoFile(file)
    if (problem) {
      toast({ variant: 'destructive', title: problem.title, description: problem.description })
      return
    }
    setPicked(file)
  }

  return (
    <div className="space-y-3">
      <input ref={inputRef} id="logo-file" type="file" accept="image/png,image/jpeg" className="sr-only" aria-label="Logo file" onChange={onPick} />
      {picked ? (
        <div data-testid="logo-file-preview" className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-3 sm:flex-row sm:items-center">
          <div className="flex h-16 w-28 shrink-0 items-center justify-center rounded-md border bg-card p-1">
            <img src={picked.url} alt="Selected logo preview" className="max-h-full max-w-full object-contain" />
          </div>
          <div className="min-w-0 flex-1 text-sm">
            <p className="truncate font-medium" title={picked.file.name}>
              {picked.file.name}
            </p>
            <p className="text-muted-foreground">{formatBytes(picked.file.size)} · ready to upload</p>
          </div>
          <div className="flex gap-2">
            <Button size="sm" onClick={() => onUpload(picked.file)} disabled={uploading}>
              <Upload />
              {uploading ? 'Uploading...' : 'Upload'}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setPicked(null)} disabled={uploading}>
              <X />
              Clear
            </Button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => inputRef.current?.click()}
          className="flex w-full flex-col items-center justify-center gap-1 rounded-lg border border-dashed bg-muted/20 px-4 py-6 text-center text-sm transition-colors hover:bg-muted/50 focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/30"
        >
          <ImageUp className="size-6 text-muted-foreground" aria-hidden="true" />
          <span className="font-medium">Choose an image</span>
          <span className="text-muted-foreground">PNG or JPEG, up to 10 MB</span>
        </button>
      )}
    </div>
  )
}
