import { CheckCircle2, Download, FileUp, TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/cn'
import { messageOf } from '@/lib/errors'
import { exportBooks, importFileOf, useImportBooks, type ImportFile } from '../api/csv'
import type { ImportReport, ImportRow } from '../types'

const actionNames: Record<ImportRow['action'], string> = { create: 'New book', update: 'Update', unchanged: 'No change' }

/** The counts of a report's rows by what the import does with them. */
function summary(report: ImportReport) {
  const count = (action: ImportRow['action']) => report.rows.filter((r) => r.action === action).length
  return { create: count('create'), update: count('update'), unchanged: count('unchanged'), errors: report.rows.filter(hasErrors).length }
}

const hasErrors = (row: ImportRow) => Object.keys(row.errors ?? {}).length > 0

/**
 * /admin/books/import: the catalogue out as a CSV file and back in, alone
 * or in a ZIP file with the books' cover pictures. A file chosen is first
 * tried (a dry run: every row's errors and cover, nothing written); Import
 * is offered only when every row is valid, and writes all or none.
 */
export function ImportPage() {
  const [file, setFile] = useState<ImportFile | null>(null)
  const [report, setReport] = useState<ImportReport | null>(null)
  const [done, setDone] = useState<ImportReport | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [downloading, setDownloading] = useState(false)
  const run = useImportBooks()

  const tryFile = async (chosen: ImportFile) => {
    setFailure(null)
    setDone(null)
    setReport(null)
    try {
      setReport(await run.mutateAsync({ file: chosen, dryRun: true }))
    } catch (error) {
      setFailure(messageOf(error))
    }
  }
  const choose = async (picked: File | undefined) => {
    if (!picked) return
    const chosen = await importFileOf(picked)
    setFile(chosen)
    await tryFile(chosen)
  }
  const importFile = async () => {
    if (!file || !report?.valid) return
    try {
      const result = await run.mutateAsync({ file, dryRun: false })
      const s = summary(result)
      toast.success('Catalog imported', { description: `${s.create} new, ${s.update} updated.` })
      setDone(result)
      setReport(null)
      setFile(null)
    } catch (error) {
      // The catalogue changed since the dry run: nothing was written; show the rows as they stand now.
      await tryFile(file)
      setFailure(messageOf(error))
    }
  }
  const download = async () => {
    setDownloading(true)
    try {
      const csv = await exportBooks()
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }))
      const link = Object.assign(document.createElement('a'), { href: url, download: 'books.csv' })
      document.body.append(link)
      link.click()
      link.remove()
      setTimeout(() => URL.revokeObjectURL(url), 1000)
    } catch (error) {
      toast.error('Could not export the catalog', { description: messageOf(error) })
    } finally {
      setDownloading(false)
    }
  }

  const s = report && summary(report)
  return (
    <div className="space-y-6">
      <section aria-labelledby="export-title" className="rounded-2xl border-2 border-line bg-white p-5">
        <h2 id="export-title" className="text-xl font-bold">
          Export
        </h2>
        <p className="mt-1 text-muted">Every book in any status, one row each, to open in a spreadsheet. Change it there and import it here.</p>
        <Button variant="outline" className="mt-4" onClick={() => void download()} disabled={downloading}>
          <Download aria-hidden="true" /> {downloading ? 'Preparing...' : 'Download books.csv'}
        </Button>
      </section>

      <section aria-labelledby="import-title" className="rounded-2xl border-2 border-line bg-white p-5">
        <h2 id="import-title" className="text-xl font-bold">
          Import
        </h2>
        <p className="mt-1 text-muted">
          A row with a book’s id (or ISBN) updates it; a row without makes a new draft. Columns left out stay as they are, and prices are in
          dollars, as in the editor. The file is checked first: nothing is written until every row is right.
        </p>
        <p className="mt-2 text-muted">
          To add covers, choose a ZIP file of the CSV file and the pictures: each book gets the picture its <code>cover</code> column names,
          or else the one named by its ISBN, such as <code>9781915842015.jpg</code>.
        </p>
        <div className="mt-4 space-y-2">
          <Label htmlFor="import-file">CSV or ZIP file</Label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv,.zip,application/zip"
            disabled={run.isPending}
            onChange={(e) => {
              void choose(e.target.files?.[0])
              e.target.value = ''
            }}
            className="block w-full text-sm text-muted file:mr-3 file:cursor-pointer file:rounded-full file:border-2 file:border-tiger-200 file:bg-white file:px-4 file:py-2 file:font-bold file:text-ink hover:file:border-tiger-400 hover:file:bg-tiger-50"
          />
        </div>
        {run.isPending && (
          <p role="status" className="mt-3 font-bold text-tiger-800">
            {report ? 'Importing...' : 'Checking the file...'}
          </p>
        )}
        {failure && (
          <Alert tone="error" className="mt-4">
            {failure}
          </Alert>
        )}
        {done && (
          <Alert tone="success" className="mt-4">
            <p className="flex items-center gap-2 font-bold">
              <CheckCircle2 className="size-5" aria-hidden="true" /> Imported: {summary(done).create} new, {summary(done).update} updated,{' '}
              {summary(done).unchanged} unchanged.
            </p>
          </Alert>
        )}
        {report && s && file && (
          <div className="mt-5 space-y-4">
            <div role="status" className={cn('rounded-2xl border-2 p-4', report.valid ? 'border-leaf-500/30 bg-leaf-100' : 'border-red-200 bg-red-50')}>
              <p className="flex items-center gap-2 font-bold">
                {report.valid ? <CheckCircle2 className="size-5 text-leaf-700" aria-hidden="true" /> : <TriangleAlert className="size-5 text-red-700" aria-hidden="true" />}
                {report.valid
                  ? `${file.name} is ready: nothing has been written yet.`
                  : `${file.name} has ${s.errors === 1 ? '1 row' : `${s.errors} rows`} with errors: nothing will be written until they are fixed.`}
              </p>
              <p className="mt-1">
                {report.rows.length} rows: {s.create} new, {s.update} to update, {s.unchanged} unchanged.
              </p>
            </div>
            <ReportTable rows={report.rows} />
            {report.pictures && report.pictures.length > 0 && <UnusedPictures pictures={report.pictures} />}
            <Button onClick={() => void importFile()} disabled={!report.valid || run.isPending}>
              <FileUp aria-hidden="true" /> Import {report.rows.length === 1 ? '1 row' : `${report.rows.length} rows`}
            </Button>
            {!report.valid && <p className="text-sm text-muted">Fix the rows above in your spreadsheet, then choose the file again.</p>}
          </div>
        )}
      </section>
    </div>
  )
}

function ReportTable({ rows }: { rows: ImportRow[] }) {
  return (
    <div className="overflow-hidden rounded-2xl border-2 border-line">
      <table className="w-full text-left">
        <caption className="sr-only">What the import does with each row</caption>
        <thead className="bg-cream text-sm text-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-bold">Line</th>
            <th scope="col" className="px-3 py-2 font-bold">Action</th>
            <th scope="col" className="px-3 py-2 font-bold">Errors</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.line} className={cn('border-t-2 border-line align-top', hasErrors(row) && 'bg-red-50')}>
              <td className="px-3 py-2 font-bold tabular-nums">{row.line}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {actionNames[row.action]}
                {row.id ? <span className="block text-sm text-muted">Book {row.id}</span> : null}
                {row.cover ? <span className="block text-sm break-all whitespace-normal text-muted">Cover: {row.cover.file}</span> : null}
              </td>
              <td className="px-3 py-2">
                {hasErrors(row) ? (
                  <ul className="space-y-1 text-red-800">
                    {Object.entries(row.errors ?? {}).map(([field, message]) => (
                      <li key={field} className="break-words">
                        <span className="font-bold">{field}:</span> {message}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className="text-muted">None</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The pictures of a ZIP file that no book takes: named, so a misspelt ISBN is seen before importing. */
function UnusedPictures({ pictures }: { pictures: NonNullable<ImportReport['pictures']> }) {
  return (
    <section aria-labelledby="unused-pictures" className="rounded-2xl border-2 border-tiger-200 bg-tiger-50 p-4">
      <h3 id="unused-pictures" className="flex items-center gap-2 font-bold">
        <TriangleAlert className="size-5 text-tiger-800" aria-hidden="true" />
        {pictures.length === 1 ? '1 picture is not used' : `${pictures.length} pictures are not used`}
      </h3>
      <ul className="mt-2 space-y-1">
        {pictures.map((p) => (
          <li key={p.file} className="break-words">
            <span className="font-bold">{p.file}:</span> {p.problem}
          </li>
        ))}
      </ul>
    </section>
  )
}
