<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
<context>
    <name>rankscope::FlameGraphBreadcrumb</name>
    <message>
        <source>Zoom path</source>
        <translation>缩放路径</translation>
    </message>
    <message>
        <source>All ranks</source>
        <translation>全部 rank</translation>
    </message>
    <message numerus="yes">
        <source>%n more frame</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more frames</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
</context>
<context>
    <name>FlameGraphPainter</name>
    <message>
        <source>No stacks loaded.</source>
        <translation>未加载调用栈。</translation>
    </message>
    <message>
        <source>No stack samples for the chosen threads and process type.</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>search: %n frame</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>search: %n frames</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message>
        <source>on ranks %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>rank %1 highlighted</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>narrower than a pixel</source>
        <translation>窄于一个像素</translation>
    </message>
    <message>
        <source>mixed</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>same stack class:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>all %1</source>
        <translation>全部 %1</translation>
    </message>
    <message>
        <source>1 rank</source>
        <translation>1 个 rank</translation>
    </message>
    <message>
        <source>ranks that have the frame:</source>
        <translation>拥有该栈帧的 rank：</translation>
    </message>
</context>
<context>
    <name>FlameGraphText</name>
    <message>
        <source>the only rank</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>all %n ranks</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message>
        <source>has: %1 | missing: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message numerus="yes">
        <source>%n rank: %1</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>%n ranks: %1</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message>
        <source>has</source>
        <translation>包含</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>samples</source>
        <translation>采样</translation>
    </message>
    <message>
        <source>self samples</source>
        <translation>自身采样</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n frame narrower than a pixel&lt;/b&gt;</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n frames narrower than a pixel&lt;/b&gt;</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message>
        <source>widest: %1 (%2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Double-click to zoom in.</source>
        <translation>双击放大。</translation>
    </message>
    <message numerus="yes">
        <source>%n rank with data</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>%n ranks with data</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message>
        <source>no data: %1</source>
        <translation>无数据：%1</translation>
    </message>
    <message>
        <source>width = ranks</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>width = samples</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>threads: %1</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n frame</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>%n frames</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
</context>
<context>
    <name>rankscope::FlameGraphView</name>
    <message>
        <source>Regex</source>
        <translation>正则</translation>
    </message>
    <message>
        <source>Search frames…</source>
        <translation>搜索栈帧…</translation>
    </message>
    <message>
        <source>Highlights frames whose name contains the text (case-insensitive), or matches the regular expression when Regex is on.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Icicle (root on top)</source>
        <translation>冰柱图（根在上）</translation>
    </message>
    <message>
        <source>Flame (root at bottom)</source>
        <translation>火焰图（根在下）</translation>
    </message>
    <message>
        <source>Width: ranks</source>
        <translation>宽度：rank 数</translation>
    </message>
    <message>
        <source>Width: samples</source>
        <translation>宽度：采样数</translation>
    </message>
    <message>
        <source>Frame width by the number of ranks through it, or by samples.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Colour: rank coverage</source>
        <translation>颜色：rank 覆盖率</translation>
    </message>
    <message>
        <source>Colour: stack class</source>
        <translation>颜色：调用栈等价类</translation>
    </message>
    <message>
        <source>Coverage: share of the ranks with data that have the frame. Stack class: ranks whose latest stacks are identical.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>invalid pattern</source>
        <translation>无效的模式</translation>
    </message>
    <message numerus="yes">
        <source>%n frame</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>%n frames</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message>
        <source>ranks %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Ranks through the matching frames: %1</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>rankscope::FlameGraphWidget</name>
    <message>
        <source>Flame graph</source>
        <translation>火焰图</translation>
    </message>
    <message>
        <source>paint %1 ms · worst %2 ms · %3 boxes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Zoom to Frame</source>
        <translation>缩放到该栈帧</translation>
    </message>
    <message>
        <source>Copy Frame Name</source>
        <translation>复制栈帧名</translation>
    </message>
    <message>
        <source>Copy Ranks That Have It</source>
        <translation>复制包含它的 rank</translation>
    </message>
    <message>
        <source>Copy Missing Ranks</source>
        <translation>复制缺失的 rank</translation>
    </message>
    <message>
        <source>Zoom Out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Reset Zoom</source>
        <translation>重置缩放</translation>
    </message>
</context>
<context>
    <name>FrameDetailsPanel</name>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Ranks through this frame (double-click to highlight):</source>
        <translation>经过此栈帧的 rank（双击高亮）：</translation>
    </message>
    <message>
        <source>Click a frame in the flame graph to see which ranks have it.</source>
        <translation>点击火焰图中的栈帧，查看哪些 rank 经过它。</translation>
    </message>
    <message>
        <source>has: %1</source>
        <translation>包含：%1</translation>
    </message>
    <message>
        <source>missing: %1</source>
        <translation>缺失：%1</translation>
    </message>
    <message>
        <source>no data: %1</source>
        <translation>无数据：%1</translation>
    </message>
    <message>
        <source>samples: %1 (%2 ending here)</source>
        <translation>采样：%1（%2 个止于此）</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>rank %1 (%2)</source>
        <translation>rank %1（%2）</translation>
    </message>
</context>
<context>
    <name>HeadlessExport</name>
    <message>
        <source>unknown view "%1" (available: flamegraph)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no bundle given (name one, or use --demo)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>--out must name a .png or .svg file</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>unknown frame identity "%1" (function, file or line)</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Merging stacks…</source>
        <translation>正在合并调用栈…</translation>
    </message>
    <message>
        <source>About rankscope</source>
        <translation>关于 rankscope</translation>
    </message>
    <message>
        <source>&lt;b&gt;rankscope %1&lt;/b&gt;&lt;br&gt;Finds the rank, node or group that stalls a distributed training job by comparing every rank's stacks.&lt;br&gt;Candidates and evidence, not proven causes.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>rankscope</source>
        <translation>rankscope</translation>
    </message>
    <message>
        <source>%1 - rankscope</source>
        <translation>%1 - rankscope</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Open Bundle Folder…</source>
        <translation>打开作业包文件夹(&amp;O)…</translation>
    </message>
    <message>
        <source>Open Bundle &amp;Archive…</source>
        <translation>打开作业包归档(&amp;A)…</translation>
    </message>
    <message>
        <source>Re&amp;import Bundle</source>
        <translation>重新导入作业包(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Export Image…</source>
        <translation>导出图片(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;About rankscope</source>
        <translation>关于 rankscope(&amp;A)</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Reset Zoom</source>
        <translation>重置缩放(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Find Frame</source>
        <translation>查找栈帧(&amp;F)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Suspects</source>
        <translation>嫌疑对象</translation>
    </message>
    <message>
        <source>Frame</source>
        <translation>栈帧</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank 列表</translation>
    </message>
    <message>
        <source>Import Problems</source>
        <translation>导入问题</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>Function + file</source>
        <translation>函数 + 文件</translation>
    </message>
    <message>
        <source>Function + file + line</source>
        <translation>函数 + 文件 + 行号</translation>
    </message>
    <message>
        <source>All samples</source>
        <translation>全部采样</translation>
    </message>
    <message>
        <source>Latest sample</source>
        <translation>最新采样</translation>
    </message>
    <message>
        <source>Open a job bundle (File &gt; Open, or drop a folder here) to merge the stacks of every rank.</source>
        <translation>打开一个作业包（文件 &gt; 打开，或把文件夹拖到这里），合并所有 rank 的调用栈。</translation>
    </message>
    <message>
        <source>Main thread</source>
        <translation>主线程</translation>
    </message>
    <message>
        <source>All threads</source>
        <translation>全部线程</translation>
    </message>
    <message>
        <source>Main processes</source>
        <translation>主进程</translation>
    </message>
    <message>
        <source>All process types</source>
        <translation>全部进程类型</translation>
    </message>
    <message>
        <source>Thread: %1</source>
        <translation>线程：%1</translation>
    </message>
    <message>
        <source>Role: %1</source>
        <translation>角色：%1</translation>
    </message>
    <message>
        <source>Open Job Bundle Folder</source>
        <translation>打开作业包文件夹</translation>
    </message>
    <message>
        <source>Open Job Bundle Archive</source>
        <translation>打开作业包归档</translation>
    </message>
    <message>
        <source>Bundle archives (*.tar *.tar.gz *.tgz *.tar.zst);;All files (*)</source>
        <translation>作业包归档 (*.tar *.tar.gz *.tgz *.tar.zst);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <source>Importing: %1</source>
        <translation>导入中：%1</translation>
    </message>
    <message>
        <source>%1 files (%2 parsed, %3 from cache), %4 samples, %5 s</source>
        <translation>%1 个文件（解析 %2 个，缓存 %3 个），%4 个采样，%5 秒</translation>
    </message>
    <message numerus="yes">
        <source>%n file problem(s) during import; everything else was imported. See Import Problems.</source>
        <translation>
            <numerusform>导入时有 %n 个文件问题；其余内容已导入。请查看“导入问题”。</numerusform></translation>
    </message>
    <message>
        <source>Cannot open the bundle: %1</source>
        <translation>无法打开作业包：%1</translation>
    </message>
    <message>
        <source>Import cancelled; the cache keeps its previous state.</source>
        <translation>导入已取消；缓存保持之前的状态。</translation>
    </message>
    <message>
        <source>%1 ranks with data, %2 without, %3 frames merged</source>
        <translation>%1 个 rank 有数据，%2 个无数据，合并了 %3 个栈帧</translation>
    </message>
    <message>
        <source>Highlighting the path of rank %1</source>
        <translation>正在高亮 rank %1 的路径</translation>
    </message>
    <message>
        <source>Export Image</source>
        <translation>导出图片</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg)</source>
        <translation>PNG 图片 (*.png);;SVG 图片 (*.svg)</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>导出失败：%1</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>nothing to export yet</source>
        <translation>尚无可导出的内容</translation>
    </message>
</context>
<context>
    <name>ProblemsPanel</name>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>No import problems.</source>
        <translation>没有导入问题。</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) while importing; the other files imported normally.</source>
        <translation>
            <numerusform>导入时出现 %n 个问题；其他文件已正常导入。</numerusform></translation>
    </message>
</context>
<context>
    <name>rankscope::RankListPanel</name>
    <message>
        <source>one sample</source>
        <translation>单个采样</translation>
    </message>
    <message>
        <source>stuck</source>
        <translation>卡住</translation>
    </message>
    <message>
        <source>progressing</source>
        <translation>在推进</translation>
    </message>
    <message>
        <source>oscillating</source>
        <translation>来回振荡</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Stacks</source>
        <translation>调用栈</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进展</translation>
    </message>
    <message>
        <source>Latest stack</source>
        <translation>最新调用栈</translation>
    </message>
    <message>
        <source>Filter: ranks (0-7,37) or text</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank 列表</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>有</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>not compared</source>
        <translation>未比较</translation>
    </message>
    <message>
        <source>Another process type, or outside the compared ranks.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>StackViewExport</name>
    <message>
        <source>Merged flame graph</source>
        <translation>合并火焰图</translation>
    </message>
    <message>
        <source>has %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>missing %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no data %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>rank %1 traced</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>rankscope::SuspectsPanel</name>
    <message>
        <source>Ranks</source>
        <translation>Rank 列表</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Frame</source>
        <translation>栈帧</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Suspects</source>
        <translation>嫌疑对象</translation>
    </message>
    <message>
        <source>No data</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>Blocker</source>
        <translation>阻塞者</translation>
    </message>
    <message>
        <source>Desync</source>
        <translation>不同步</translation>
    </message>
    <message>
        <source>Minority path</source>
        <translation>少数路径</translation>
    </message>
    <message>
        <source>Missed by few</source>
        <translation>少数缺失</translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation>卡住</translation>
    </message>
    <message>
        <source>No stacks analysed yet.</source>
        <translation>尚未分析调用栈。</translation>
    </message>
    <message numerus="yes">
        <source>%n rank: %1</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>%n ranks: %1</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message>
        <source>No suspects: the ranks' stacks agree.</source>
        <translation>没有嫌疑对象：各 rank 的调用栈一致。</translation>
    </message>
</context>
<context>
    <name>ViewExporter</name>
    <message>
        <source>job %1</source>
        <translation>作业 %1</translation>
    </message>
    <message>
        <source>Selection: %1</source>
        <translation>选择：%1</translation>
    </message>
    <message>
        <source>Frame identity: %1</source>
        <translation>栈帧标识：%1</translation>
    </message>
    <message>
        <source>Threads: %1</source>
        <translation>线程：%1</translation>
    </message>
    <message>
        <source>Made: %1</source>
        <translation>生成时间：%1</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot export %1: the view is empty.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot export %1: unknown picture format "%2"; use .png or .svg.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Cannot write %1: the SVG painter did not start.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Find the rank that stalls a distributed training job: merged cross-rank flame graphs of py-spy dumps, with the ranks that have, miss or sent no data for every frame.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Job bundle: a folder, .tar, .tar.gz or .tar.zst archive.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open the built-in demo bundle.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Render VIEW (flamegraph) to --out without a window.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Picture to write (.png or .svg).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Frame identity: function, file or line.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Threads: main, all, or a thread name.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Exported picture width in pixels.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>User interface language (zh_CN, ja, en).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open the bundle, save a picture of the whole window to FILE once the analysis is shown, and quit (for docs).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>cannot write the demo bundle: %1</source>
        <translation type="unfinished" />
    </message>
</context>
</TS>