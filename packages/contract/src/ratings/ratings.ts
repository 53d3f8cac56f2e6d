import { z } from 'zod';
import { flag, requiredText, rowguid } from '../grid/columns';
import { defineGrid } from '../grid/resource';

/**
 * 'Tiêu chí đánh giá' (spec 03 §3 "Question row"): the criteria customers rate (spec 02 §2.6 rating report reads them
 * by QuestionCode from the table `questions`; codes are given by the server from 1, 0 being the free-text notes).
 */
export const questionGrid = defineGrid({
  name: 'question',
  module: 'ratings',
  title: 'Tiêu chí đánh giá',
  menu: 'CFG_QUESTION',
  table: 'questions',
  paths: { get: 'config/getQuestionList', update: 'config/updateQuestionList', delete: 'config/deleteQuestionList' },
  row: z.object({
    Rowguid: rowguid,
    QuestionName: requiredText(500, 'Tiêu chí đánh giá'),
    IsActive: flag,
  }),
  key: ['QuestionName'],
  columns: [
    { field: 'QuestionName', title: 'Tiêu chí đánh giá', type: 'text', width: 480 },
    { field: 'IsActive', title: 'Hoạt động', type: 'bool' },
  ],
  actions: { add: true, delete: true, save: true, import: true },
  height: '50vh',
});
