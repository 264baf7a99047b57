import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import type { Device } from '../types'

export function getDevices(): Promise<Device[]> {
  return apiFetch<Device[]>('/api/devices')
}

export const devicesQueryOptions = () => queryOptions({ queryKey: ['devices'], queryFn: getDevices })

export function useDevices() {
  return useQuery(devicesQueryOptions())
}
