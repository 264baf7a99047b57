import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import { navFor } from '../nav'
import { roleNames, roleSummaries, type AdminMe } from '../types'
import { AdminPage } from './admin-shell'

/** /admin: the day's sales (for a role that reads orders), then a welcome naming the role, with the pages it opens. */
export function AdminHome({ me, sales }: { me: AdminMe; sales?: ReactNode }) {
  const pages = navFor(me.permissions).filter((item) => item.to !== paths.admin)
  return (
    <AdminPage title="Welcome to the back office" intro={`You are signed in as ${me.email}.`}>
      {sales && <div className="mb-8">{sales}</div>}
      <div className="rounded-2xl border-2 border-line bg-white p-6">
        <p className="text-sm font-extrabold uppercase tracking-wide text-tiger-700">Your role</p>
        <p className="mt-1 font-display text-2xl font-bold">{roleNames[me.role]}</p>
        <p className="mt-1 text-muted">{roleSummaries[me.role]}</p>
      </div>
      {pages.length > 0 && (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {pages.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className="flex items-center gap-3 rounded-2xl border-2 border-line bg-white p-5 font-display text-lg font-bold transition hover:-translate-y-0.5 hover:border-tiger-300 hover:shadow-md"
              >
                <span className="flex size-10 items-center justify-center rounded-xl bg-tiger-100 text-tiger-700" aria-hidden="true">
                  <item.icon className="size-5" />
                </span>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  )
}
