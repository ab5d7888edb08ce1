/** The shapes the 在途车辆 calls and live pushes carry: one definition for the server and the screens. */

/** One truck's latest position as the location list answers it. */
export interface LocationRow {
  truckKind: 1 | 2;
  truckId: number;
  truckLicensePlate: string;
  vehicleKind: number | null;
  truckStatus: number | null;
  supplierId: number | null;
  gpsTime: string | null;
  lng: number | null;
  lat: number | null;
  speed: number | null;
  direction: number | null;
  mileage: number | null;
  kmToday: number;
  online: boolean;
  motion: 1 | 2 | 3;
  /** where the latest point came from: 1 北斗平台 2 司机端 3 手工 */
  source: number | null;
}

/** One pushed position (event truck_position on /topic/truck-position). */
export interface LivePosition {
  plate: string;
  truckKind: number;
  truckId: number;
  gpsTime: string;
  lng: number;
  lat: number;
  speed: number;
  direction: number;
  /** 1 北斗平台 2 司机端 3 手工 */
  source?: number;
}
