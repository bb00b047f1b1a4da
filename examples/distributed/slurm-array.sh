#!/usr/bin/env bash
# A Slurm job array that counts PROBLEM.dlx in 256 parts, one per array
# task, each on one core; submit it, then merge when all tasks are done:
#
#   sbatch --export=PROBLEM=queens15.dlx examples/distributed/slurm-array.sh
#   exactcover merge parts/*.json
#
# (Not run by this repository's CI, which has no Slurm; the same commands
# run by GNU parallel are: see gnu-parallel.sh.)
#SBATCH --job-name=exactcover-count
#SBATCH --array=0-255
#SBATCH --cpus-per-task=1
#SBATCH --time=01:00:00
#SBATCH --output=parts/%a.log
set -euo pipefail
parts=256
mkdir -p parts
exactcover cover --count --part "${SLURM_ARRAY_TASK_ID}/${parts}" --json "${PROBLEM:?set PROBLEM}" \
    > "parts/${SLURM_ARRAY_TASK_ID}.json"
