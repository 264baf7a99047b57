import { useQueryClient } from '@tanstack/react-query'
import { Download, FileAudio, FileText } from 'lucide-react'
import { useState } from 'react'
import { formatSize } from '@/components/offline/keep-for-offline'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { ApiError } from '@/lib/api'
import { messageOf } from '@/lib/errors'
import { formatNames } from '@/lib/formats'
import { libraryQueryOptions, useDownloadLink } from '../api/get-library'
import type { LibraryFile } from '../types'

/** A purchase's files: an e-book's one, an audiobook's tracks in their order. */
type Purchase = { purchaseId: string; title: string; format: LibraryFile['format']; files: LibraryFile[] }

export function purchasesOf(files: LibraryFile[]): Purchase[] {
  const byId = new Map<string, Purchase>()
  for (const f of files) {
    const p = byId.get(f.purchaseId) ?? { purchaseId: f.purchaseId, title: f.title, format: f.format, files: [] }
    p.files.push(f)
    byId.set(f.purchaseId, p)
  }
  return [...byId.values()]
}

/**
 * The family's e-books, audiobooks and printables in /library: each file
 * with its size and the downloads its purchase has left, and a Download
 * button that asks for a fresh link and follows it (the browser saves the
 * file). A refunded purchase is not listed: the server no longer sends it.
 */
export function LibraryFiles({ files }: { files: LibraryFile[] }) {
  if (files.length === 0) return null
  return (
    <section aria-labelledby="library-files" className="mt-12">
      <h2 id="library-files" className="text-2xl font-bold">
        E-books, audiobooks and printables
      </h2>
      <p className="mt-1 text-lg text-muted">Download them to read, listen or print on any device.</p>
      <ul className="mt-5 grid gap-5 lg:grid-cols-2">
        {purchasesOf(files).map((p) => (
          <li key={p.purchaseId} aria-label={`${p.title} · ${formatNames[p.format]}`} className="rounded-3xl border-2 border-line bg-white p-5 shadow-sm">
            <h3 className="text-xl font-bold">{p.title}</h3>
            <p className="font-semibold text-muted">{formatNames[p.format]}</p>
            <ul className="mt-3 flex flex-col divide-y-2 divide-line">
              {p.files.map((f) => (
                <FileRow key={f.fileId} file={f} />
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  )
}

function FileRow({ file }: { file: LibraryFile }) {
  const link = useDownloadLink()
  const queryClient = useQueryClient()
  const [problem, setProblem] = useState<string | null>(null)
  const Icon = file.kind === 'audio' ? FileAudio : FileText
  const none = file.downloadsLeft <= 0
  const download = () => {
    setProblem(null)
    link.mutate(
      { purchaseId: file.purchaseId, fileId: file.fileId },
      {
        onSuccess: ({ url }) => {
          window.location.assign(url)
          // The link counts a download once it starts: show the new count a moment later.
          setTimeout(() => void queryClient.invalidateQueries({ queryKey: libraryQueryOptions().queryKey }), 2000)
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 410) setProblem('No downloads are left for this file. Please contact us if you need it again.')
          else if (error instanceof ApiError && (error.status === 403 || error.status === 404)) setProblem('This file is no longer in your library.')
          else setProblem(messageOf(error, 'We could not get your download. Please try again.'))
          void queryClient.invalidateQueries({ queryKey: libraryQueryOptions().queryKey })
        },
      },
    )
  }
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      <Icon className="size-8 shrink-0 text-tiger-600" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="break-words font-bold">{file.name}</p>
        <p className="text-muted">
          {formatSize(file.size)} · {none ? 'No downloads left' : `${file.downloadsLeft} ${file.downloadsLeft === 1 ? 'download' : 'downloads'} left`}
        </p>
      </div>
      <Button size="lg" onClick={download} disabled={none || link.isPending} aria-label={`Download ${file.name}`}>
        <Download /> {link.isPending ? 'Preparing...' : 'Download'}
      </Button>
      {problem && (
        <Alert tone="error" className="w-full">
          <p>{problem}</p>
        </Alert>
      )}
    </li>
  )
}
