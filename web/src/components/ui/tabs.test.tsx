import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs'

afterEach(cleanup)

function Payment({ onChange }: { onChange?: (value: string) => void }) {
  return (
    <Tabs defaultValue="card" onValueChange={onChange}>
      <TabsList aria-label="Payment method">
        <TabsTrigger value="card">Card</TabsTrigger>
        <TabsTrigger value="paypal">PayPal</TabsTrigger>
        <TabsTrigger value="apple">Apple Pay</TabsTrigger>
      </TabsList>
      <TabsContent value="card">Card fields</TabsContent>
      <TabsContent value="paypal">PayPal buttons</TabsContent>
      <TabsContent value="apple">A demo</TabsContent>
    </Tabs>
  )
}

describe('Tabs', () => {
  it('shows the chosen tab’s panel only, labelled by its tab', async () => {
    const changed = vi.fn()
    render(<Payment onChange={changed} />)
    expect(screen.getByRole('tab', { name: 'Card' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel', { name: 'Card' })).toHaveTextContent('Card fields')
    expect(screen.queryByText('PayPal buttons')).toBeNull() // not rendered while hidden

    await userEvent.click(screen.getByRole('tab', { name: 'PayPal' }))
    expect(changed).toHaveBeenCalledWith('paypal')
    expect(screen.getByRole('tab', { name: 'PayPal' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tab', { name: 'Card' })).toHaveAttribute('aria-selected', 'false')
    expect(screen.getByRole('tabpanel', { name: 'PayPal' })).toHaveTextContent('PayPal buttons')
    expect(screen.queryByText('Card fields')).toBeNull()
  })

  it('moves between tabs with the arrow keys, Home and End, one tab stop in all', async () => {
    render(<Payment />)
    await userEvent.tab()
    expect(screen.getByRole('tab', { name: 'Card' })).toHaveFocus()
    expect(screen.getByRole('tab', { name: 'PayPal' })).toHaveAttribute('tabindex', '-1')
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'PayPal' })).toHaveFocus()
    expect(screen.getByText('PayPal buttons')).toBeVisible()
    await userEvent.keyboard('{End}')
    expect(screen.getByRole('tab', { name: 'Apple Pay' })).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}') // wraps round
    expect(screen.getByRole('tab', { name: 'Card' })).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{ArrowLeft}')
    expect(screen.getByRole('tab', { name: 'Apple Pay' })).toHaveFocus()
    await userEvent.keyboard('{Home}')
    expect(screen.getByText('Card fields')).toBeVisible()
  })

  it('follows the value its caller keeps', async () => {
    function Controlled() {
      const [value, setValue] = useState('apple')
      return (
        <>
          <p>chosen: {value}</p>
          <Tabs value={value} onValueChange={setValue}>
            <TabsList>
              <TabsTrigger value="card">Card</TabsTrigger>
              <TabsTrigger value="apple">Apple Pay</TabsTrigger>
            </TabsList>
            <TabsContent value="card">Card fields</TabsContent>
            <TabsContent value="apple">A demo</TabsContent>
          </Tabs>
        </>
      )
    }
    render(<Controlled />)
    expect(screen.getByText('A demo')).toBeVisible()
    await userEvent.click(screen.getByRole('tab', { name: 'Card' }))
    expect(screen.getByText('chosen: card')).toBeInTheDocument()
    expect(screen.getByText('Card fields')).toBeVisible()
  })

  it('never sends the form it sits in', async () => {
    const sent = vi.fn((e: React.FormEvent) => e.preventDefault())
    render(
      <form onSubmit={sent}>
        <Payment />
      </form>,
    )
    await userEvent.click(screen.getByRole('tab', { name: 'PayPal' }))
    expect(sent).not.toHaveBeenCalled()
  })
})
