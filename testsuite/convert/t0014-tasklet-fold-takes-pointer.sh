# A folded tasklet's function takes the pointer the thread has, not the
# tasklet: plx_dma_desc_task() gets plxdev, its from_tasklet() line goes,
# and so does the member desc_task, which nothing uses any more; the patch
# says so.  A function also called from elsewhere (fixture tf-kept) keeps
# its tasklet argument, and the patch says why.
. "$TESTLIB"

"$IRQCONV" convert --author 'T <t@example.org>' -o "$TEST_TMP/plx" \
	drivers/dma/plx_dma.c >"$TEST_TMP/table" 2>&1 ||
	fail "convert plx_dma failed: $(cat "$TEST_TMP/table")"
patch=$(cat "$TEST_TMP/plx/0001-"*.patch)
added=$(grep '^+' <<<"$patch")
removed=$(grep '^-' <<<"$patch")
expect_match "the thread calls it with plxdev" \
	$'^\\+\t\tplx_dma_desc_task\\(plxdev\\);$' "$added"
expect_no_match "no tasklet in the thread's call" '->desc_task' "$added"
expect_match "it takes the device" \
	'^\+static void plx_dma_desc_task\(struct plx_dma_dev \*plxdev\)$' \
	"$added"
expect_match "its from_tasklet() goes" \
	'^-.*= from_tasklet\(plxdev, t, desc_task\);$' "$removed"
expect_match "the member goes" \
	$'^-\tstruct tasklet_struct desc_task;$' "$removed"
expect_eq "no tasklet left in the file's added lines" 0 \
	"$(grep -c tasklet_struct <<<"$added" || true)"
expect_match "the patch says so" \
	"plx_dma_desc_task\(\) now takes the struct plx_dma_dev pointer the thread already has.* the tasklet member 'desc_task' is gone from struct plx_dma_dev" \
	"$(tr -s ' \n' ' ' <<<"$patch")"

fix=testsuite/convert/fixtures/taskfold
"$IRQCONV" convert --author 'T <t@example.org>' -o "$TEST_TMP/tf" "$fix" \
	>"$TEST_TMP/table" 2>&1 ||
	fail "convert $fix failed: $(cat "$TEST_TMP/table")"
kept=$(cat "$TEST_TMP/tf/0002-tf-kept-"*.patch)
expect_match "tf-kept: the thread passes the tasklet" \
	$'^\\+\ttf_kept_done\\(&tf->done_task\\);$' "$kept"
expect_no_match "tf-kept: the member stays" '^-.*struct tasklet_struct' "$kept"
expect_match "tf-kept: the patch says why" \
	"tf_kept_done\(\) keeps its tasklet argument, and the member 'done_task' stays, no longer set up, only for it to find its structure from: tf_kept_done\(\) is also called by tf_kept_remove\(\) at line 73\." \
	"$(tr -s ' \n' ' ' <<<"$kept")"
