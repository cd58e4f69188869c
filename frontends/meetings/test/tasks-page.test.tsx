import { isTaskOverdue, localIsoDate, TASK_DUE_DATE_PAST, TASK_NEXT_CURSOR_HEADER, TASK_TITLE_REQUIRED, type Task } from '@plumbline/contracts'
import { Toaster } from '@plumbline/ui'
import { createQueryClient } from '@plumbline/web'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import TasksPage from '../src/pages/tasks/tasks-page'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const ORG_ID = 'org-1'
const BASE = `/api/organizations/${ORG_ID}/tasks`
const USER = { id: 'u1', email: 'demo@plumbline.dev', organizations: [{ id: ORG_ID, name: 'Demo Co.', role: 'owner' }] }
const day = (offset: number) => localIsoDate(new Date(Date.now() + offset * 86_400_000))
const task = (over: Partial<Task>): Task => ({
  id: 't',
  title: 'T',
  description: null,
  priority: 'medium',
  dueDate: null,
  completed: false,
  completedAt: null,
  estimateId: null,
  meetingId: null,
  meetingTitle: null,
  assigneeUserId: null,
  createdBy: 'u1',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
})
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })

/** The service's list rules (filter, order, page) over the fake's tasks; the cursor here is just the next offset. */
function listPage(tasks: Task[], params: URLSearchParams) {
  const today = params.get('today') ?? localIsoDate()
  const status = params.get('status') ?? 'all'
  const matching = tasks.filter((t) =>
    status === 'pending' ? !t.completed : status === 'completed' ? t.completed : status === 'overdue' ? isTaskOverdue(t, today) : true,
  )
  const ordered = params.get('sort') === 'due' ? [...matching].sort((a, b) => (a.dueDate ?? '9999-12-31').localeCompare(b.dueDate ?? '9999-12-31')) : matching
  const from = Number(params.get('cursor') ?? 0)
  const limit = Number(params.get('limit') ?? ordered.length)
  const next: Record<string, string> = from + limit < ordered.length ? { [TASK_NEXT_CURSOR_HEADER]: String(from + limit) } : {}
  return json(ordered.slice(from, from + limit), 200, next)
}
const summaryOf = (tasks: Task[], today: string) => ({
  total: tasks.length,
  pending: tasks.filter((t) => !t.completed).length,
  completed: tasks.filter((t) => t.completed).length,
  overdue: tasks.filter((t) => isTaskOverdue(t, today)).length,
})

type Call = { method: string; path: string; query: URLSearchParams; body: unknown }
/** A tiny stand-in for the meetings service: keeps the tasks and answers the routes the page calls. */
function tasksApi(initial: Task[], opts: { failList?: boolean; failToggle?: boolean } = {}) {
  let tasks = [...initial]
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost')
      const method = (init.method ?? 'GET').toUpperCase()
      const body = init.body ? JSON.parse(String(init.body)) : undefined
      calls.push({ method, path: url.pathname, query: url.searchParams, body })
      if (url.pathname === BASE && method === 'GET') return opts.failList ? new Response('boom', { status: 500 }) : listPage(tasks, url.searchParams)
      if (url.pathname === `${BASE}/summary` && method === 'GET') return json(summaryOf(tasks, url.searchParams.get('today') ?? localIsoDate()))
      if (url.pathname === BASE && method === 'POST') {
        const created = task({ id: `t${tasks.length + 1}`, ...body, dueDate: body.dueDate ?? null })
        tasks = [created, ...tasks]
        return json(created, 201)
      }
      const toggle = /^.*\/tasks\/([^/]+)\/toggle$/.exec(url.pathname)
      if (toggle && method === 'POST') {
        if (opts.failToggle) return new Response('nope', { status: 500 })
        tasks = tasks.map((t) => (t.id === toggle[1] ? { ...t, completed: !t.completed } : t))
        return json(tasks.find((t) => t.id === toggle[1]))
      }
      const one = /^.*\/tasks\/([^/]+)$/.exec(url.pathname)
      if (one && method === 'DELETE') {
        tasks = tasks.filter((t) => t.id !== one[1])
        return new Response(null, { status: 204 })
      }
      if (one && method === 'PUT') {
        tasks = tasks.map((t) => (t.id === one[1] ? { ...t, ...body } : t))
        return json(tasks.find((t) => t.id === one[1]))
      }
      return new Response(`no handler for ${method} ${url.pathname}`, { status: 404 })
    }),
  )
  return { calls }
}

function renderPage(user: unknown = USER) {
  const qc = createQueryClient()
  qc.setQueryData(['/api/user'], user)
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/tasks']}>
        <TasksPage />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  )
}

const count = (label: string) => screen.getByTestId(`count-${label}`).textContent
const list = () => screen.getByRole('list', { name: 'Tasks' })
const chooseTab = (name: string) => {
  const tab = screen.getByRole('tab', { name })
  fireEvent.mouseDown(tab)
  fireEvent.click(tab)
}

describe('/tasks', () => {
  const seeded = [
    task({ id: 'late', title: 'Late permit', dueDate: day(-2) }),
    task({ id: 'done', title: 'Done survey', dueDate: day(-5), completed: true }),
    task({ id: 'soon', title: 'Soon call', dueDate: day(1), priority: 'high' }),
    task({ id: 'open', title: 'Open order' }),
  ]

  it('counts total, pending, completed and overdue, and filters by tab', async () => {
    tasksApi(seeded)
    renderPage()
    await screen.findByText('Late permit')
    expect([count('total'), count('pending'), count('completed'), count('overdue')]).toEqual(['4', '3', '1', '1'])
    chooseTab('Overdue')
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(1))
    expect(within(list()).getByText('Late permit')).toBeTruthy()
    chooseTab('Completed')
    await waitFor(() => expect(within(list()).getByText('Done survey')).toBeTruthy())
    expect(within(list()).queryByText('Late permit')).toBeNull()
    chooseTab('Pending')
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(3))
  })

  it('sorts by due date with undated tasks last', async () => {
    tasksApi(seeded)
    renderPage()
    await screen.findByText('Late permit')
    const titles = () =>
      within(list())
        .getAllByRole('listitem')
        .map((li) => li.querySelector('label')?.textContent)
    expect(titles()).toEqual(['Late permit', 'Done survey', 'Soon call', 'Open order'])
    fireEvent.click(screen.getByRole('button', { name: 'Sort by due date' }))
    await waitFor(() => expect(titles()).toEqual(['Done survey', 'Late permit', 'Soon call', 'Open order']))
  })

  it('shows the first 50 tasks and the rest on "Load more", with the tab and the day sent to the server', async () => {
    const many = Array.from({ length: 62 }, (_, i) => task({ id: `t${i}`, title: `Task ${i}` }))
    const { calls } = tasksApi(many)
    renderPage()
    await screen.findByText('Task 0')
    expect(within(list()).getAllByRole('listitem')).toHaveLength(50)
    expect(screen.getByText('Showing 50 of 62')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(62))
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
    expect(screen.getByText('Task 61')).toBeTruthy()
    const lists = () => calls.filter((c) => c.method === 'GET' && c.path === BASE).map((c) => Object.fromEntries(c.query))
    expect(lists()[0]).toEqual({ status: 'all', sort: 'newest', today: localIsoDate(), limit: '50' })
    expect(lists()[1]).toMatchObject({ status: 'all', cursor: '50' })
    chooseTab('Pending')
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ status: 'pending', limit: '50' }))
    await waitFor(() => expect(screen.getByText('Showing 50 of 62')).toBeTruthy())
  })

  it('creates a task after checking the title and the due date, and the counts follow', async () => {
    const { calls } = tasksApi([])
    renderPage()
    await screen.findByText('No tasks yet')
    fireEvent.click(screen.getByRole('button', { name: 'New Task' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Task' }))
    expect(await within(dialog).findByText(TASK_TITLE_REQUIRED)).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Send the estimate' } })
    expect(within(dialog).queryByText(TASK_TITLE_REQUIRED)).toBeNull()
    fireEvent.change(within(dialog).getByLabelText('Due date'), { target: { value: day(-1) } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Task' }))
    expect(await within(dialog).findByText(TASK_DUE_DATE_PAST)).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
    fireEvent.change(within(dialog).getByLabelText('Due date'), { target: { value: day(2) } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Task' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Send the estimate',
      description: '',
      priority: 'medium',
      dueDate: day(2),
      estimateId: null,
      assigneeUserId: null,
    })
    await screen.findByText('Send the estimate')
    expect([count('total'), count('pending')]).toEqual(['1', '1'])
  })

  it('ticks a task through toggle and moves it to completed', async () => {
    const { calls } = tasksApi(seeded)
    renderPage()
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Completed: Late permit' }))
    await waitFor(() => expect(count('completed')).toBe('2'))
    expect(count('overdue')).toBe('0')
    expect(calls.some((c) => c.method === 'POST' && c.path === `${BASE}/late/toggle`)).toBe(true)
  })

  it('says "Failed to update task status" when the toggle fails', async () => {
    tasksApi(seeded, { failToggle: true })
    renderPage()
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Completed: Soon call' }))
    expect(await screen.findByText('Failed to update task status')).toBeTruthy()
  })

  it('edits and deletes a task', async () => {
    const { calls } = tasksApi(seeded)
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Open order' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Open order, renamed' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Task' }))
    await screen.findByText('Open order, renamed')
    expect(calls.find((c) => c.method === 'PUT')?.path).toBe(`${BASE}/open`)
    fireEvent.click(screen.getByRole('button', { name: 'Delete Open order, renamed' }))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByText('Open order, renamed')).toBeNull())
    expect(count('total')).toBe('3')
  })

  it('shows "Failed to load tasks" with Refresh when the list fails', async () => {
    tasksApi([], { failList: true })
    renderPage()
    expect(await screen.findByText('Failed to load tasks', {}, { timeout: 5000 })).toBeTruthy()
    expect(screen.getByRole('button', { name: /Refresh/ })).toBeTruthy()
  })

  it('says the organisation is not available for a user without one', async () => {
    tasksApi([])
    renderPage({ ...USER, organizations: [] })
    expect(await screen.findByText('Organization ID not available')).toBeTruthy()
  })
})
