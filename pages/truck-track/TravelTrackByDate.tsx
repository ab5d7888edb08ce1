/** 车辆轨迹查询 (/truck-track/travel-track-by-license-date): a plate's path on one day, with playback. */
import type { ScreenProps } from '../../runtime/screens/types';
import { TravelTrackScreen } from './TravelTrack';

export default function TravelTrackByDate(props: ScreenProps) {
  return <TravelTrackScreen {...props} byDate />;
}
