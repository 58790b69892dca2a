import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';

// The campaign thunks need no state of the store, so this feature types dispatch itself rather
// than importing the app's store (features never import the app).
export const useCampaignDispatch = useDispatch.withTypes<ThunkDispatch<unknown, unknown, UnknownAction>>();
