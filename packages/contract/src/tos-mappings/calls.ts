import { gridCallTable } from '../grid/resource';
import { checkTosMappings, mappingJobModeGrid, sizeTypeGrid } from './tos-mappings';

/** The size-type and job-mode mapping grids: the server derives their handlers from this list. */
export const tosMappingsGrids = [sizeTypeGrid, mappingJobModeGrid] as const;

/** `calls.tosMappings`. */
export const tosMappingsCalls = { ...gridCallTable(...tosMappingsGrids), checkTosMappings } as const;
