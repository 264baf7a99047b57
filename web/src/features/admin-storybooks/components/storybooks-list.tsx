import { BookHeart, FilePlus2, FileUp } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { countOf, ListResults, TableOrCards, type Column } from '@/components/ui/list-controls'
import { paths } from '@/config/paths'
import { useStorybooks } from '../api/storybooks'
import type { ListedStorybook } from '../types'
import { ImportDialog, NewStorybookDialog } from './create-dialogs'
import { ProblemsCount, StatusBadge } from './badges'

/** /admin/storybooks: every storybook with its book, status, paths and problems; new ones made or imported from Twine. */
export function StorybooksList() {
  const storybooks = useStorybooks()
  const [open, setOpen] = useState<'new' | 'import' | null>(null)
  const taken = new Set((storybooks.data ?? []).map((s) => s.bookId))
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => setOpen('new')}>
          <FilePlus2 aria-hidden="true" /> New storybook
        </Button>
        <Button variant="outline" onClick={() => setOpen('import')}>
          <FileUp aria-hidden="true" /> Import from Twine
        </Button>
      </div>
      <ListResults
        query={storybooks}
        loading="Loading the storybooks..."
        what="the storybooks"
        isEmpty={(list) => list.length === 0}
        empty={{ icon: BookHeart, title: 'No storybooks yet', description: 'Make the first one for a book of the catalog, or import one written in Twine.' }}
        count={(list) => countOf(list.length, 'storybook')}
      >
        {(list) => <StorybooksTable storybooks={list} />}
      </ListResults>
      <NewStorybookDialog open={open === 'new'} onClose={() => setOpen(null)} taken={taken} />
      <ImportDialog open={open === 'import'} onClose={() => setOpen(null)} />
    </div>
  )
}

function TitleLink({ storybook }: { storybook: ListedStorybook }) {
  return (
    <Link to={paths.adminStorybook(storybook.id)} className="font-bold text-ink underline-offset-4 hover:text-tiger-800 hover:underline">
      {storybook.title}
    </Link>
  )
}

const pathsText = (s: ListedStorybook) => `${countOf(s.paths, 'path')}, ${countOf(s.endings, 'ending')}`

function StorybooksTable({ storybooks }: { storybooks: ListedStorybook[] }) {
  const columns: Column<ListedStorybook>[] = [
    { header: 'Storybook', cell: (s) => <TitleLink storybook={s} /> },
    { header: 'Book', cellClassName: 'text-sm', cell: (s) => s.bookTitle },
    { header: 'Status', cell: (s) => <StatusBadge status={s.status} /> },
    { header: 'Paths', cellClassName: 'text-sm tabular-nums', cell: pathsText },
    { header: 'Problems', cell: (s) => <ProblemsCount count={s.problems} /> },
  ]
  return (
    <TableOrCards
      label="Storybooks"
      items={storybooks}
      rowKey={(s) => s.id}
      columns={columns}
      card={(s) => (
        <>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <TitleLink storybook={s} />
            <StatusBadge status={s.status} />
          </div>
          <p className="mt-1 text-sm text-muted">
            {s.bookTitle} · {pathsText(s)}
          </p>
          <div className="mt-2">
            <ProblemsCount count={s.problems} />
          </div>
        </>
      )}
    />
  )
}
