import { memo, useEffect, useMemo, useState } from 'react';
import { geoAlbersUsa, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import atlasUrl from 'us-atlas/states-10m.json?url';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { shade, STATE_BY_FIPS } from '../us-states';

const WIDTH = 960;
const HEIGHT = 600;

let statesLoad: Promise<Feature[]> | null = null;

/** The states' outlines bundled with the app (us-atlas), served by the portal itself; fetched once. */
function loadStates(): Promise<Feature[]> {
  statesLoad ??= fetch(atlasUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`The map outlines answered ${response.status}`);
      return response.json() as Promise<Topology<{ states: GeometryCollection }>>;
    })
    .then(
      (topology) => (feature(topology, topology.objects.states) as FeatureCollection).features,
      (failure: unknown) => {
        statesLoad = null;
        throw failure;
      },
    );
  return statesLoad;
}

interface StatesMapProps {
  counts: { state: string; shipments: number }[];
}

/** The US states shaded by how many shipments went to each; hovering a state shows its count. */
export const StatesMap = memo(function StatesMap({ counts }: StatesMapProps) {
  const [states, setStates] = useState<Feature[] | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  useEffect(() => {
    let shown = true;
    loadStates().then(
      (loaded) => shown && setStates(loaded),
      (failure: unknown) => console.warn('The map outlines could not be loaded', failure),
    );
    return () => {
      shown = false;
    };
  }, []);
  const byState = useMemo(() => new Map(counts.map((row) => [row.state, row.shipments])), [counts]);
  const paths = useMemo(() => {
    if (!states) return null;
    const path = geoPath(geoAlbersUsa().fitSize([WIDTH, HEIGHT], { type: 'FeatureCollection', features: states }));
    return states.map((state) => ({
      code: STATE_BY_FIPS[String(state.id)] ?? String(state.id),
      name: String(state.properties?.name ?? state.id),
      d: path(state) ?? '',
    }));
  }, [states]);

  if (!paths) return <p className="text-body-secondary">Loading the map…</p>;
  const most = Math.max(0, ...byState.values());
  const hoveredState = paths.find((state) => state.code === hovered);
  return (
    <figure className="mb-0">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label="Map of shipments per destination state"
        data-testid="states-map"
        style={{ width: '100%', height: 'auto' }}
        onMouseLeave={() => setHovered(null)}
      >
        {paths.map(({ code, name, d }) => {
          const shipments = byState.get(code) ?? 0;
          return (
            <path
              key={code}
              d={d}
              data-state={code}
              fill={shade(shipments, most)}
              stroke={code === hovered ? '#212529' : '#ffffff'}
              strokeWidth={code === hovered ? 2 : 0.8}
              onMouseEnter={() => setHovered(code)}
            >
              <title>{`${name}: ${shipments.toLocaleString()} shipments`}</title>
            </path>
          );
        })}
      </svg>
      <figcaption className="small text-body-secondary" aria-live="polite" data-testid="states-map-caption">
        {hoveredState
          ? `${hoveredState.name}: ${(byState.get(hoveredState.code) ?? 0).toLocaleString()} shipments`
          : 'Point at a state to see its shipments.'}
      </figcaption>
    </figure>
  );
});
