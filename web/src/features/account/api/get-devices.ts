import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import type { Device } from '../types'
import { userKey } from '@/lib/user-data'

export function getDevices(): Promise<Device[]> {
  return apiFetch<Device[]>('/api/devices')
}

export const devicesQueryOptions = () => queryOptions({ queryKey: userKey('devices'), queryFn: getDevices })

export function useDevices() {
  return useQuery(devicesQueryOptions())
}
