// The device position, asked for only when the user presses the button (navigator.geolocation).
// A refusal or a failure is a state to explain, never an error: the search works without it.
import { useCallback, useState } from 'react';
import type { LatLon } from './places';

export type PositionState = { status: 'idle' } | { status: 'locating' } | { status: 'found'; position: LatLon } | { status: 'denied' } | { status: 'unavailable' };

export const canLocate = (): boolean => typeof navigator !== 'undefined' && 'geolocation' in navigator && !!navigator.geolocation;

export function usePosition(): [PositionState, () => void] {
  const [state, setState] = useState<PositionState>({ status: 'idle' });
  const locate = useCallback(() => {
    if (!canLocate()) return setState({ status: 'unavailable' });
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (p) => setState({ status: 'found', position: { lat: p.coords.latitude, lon: p.coords.longitude } }),
      (error) => setState({ status: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      // a city-level answer: coarse, and a recent one will do
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  }, []);
  return [state, locate];
}
