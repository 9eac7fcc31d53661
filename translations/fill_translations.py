#!/usr/bin/env python3
"""Fills the zh_CN and ja catalogs from the table below after `lupdate` has added new sources.

Run translations/update.sh, which calls lupdate and then this script. Sources without an entry
stay unfinished (Qt shows the English text); the table is the single place translations live.
"""
import sys
import xml.etree.ElementTree as ET

# source text -> (Simplified Chinese, Japanese)
T = {
    "&File": ("文件(&F)", "ファイル(&F)"),
    "Open &Recent": ("最近打开(&R)", "最近使ったバンドル(&R)"),
    "&View": ("视图(&V)", "表示(&V)"),
    "&Help": ("帮助(&H)", "ヘルプ(&H)"),
    "&Open Bundle Folder…": ("打开作业包文件夹(&O)…", "バンドルフォルダーを開く(&O)…"),
    "Open Bundle &Archive…": ("打开作业包归档(&A)…", "バンドルアーカイブを開く(&A)…"),
    "Re&import Bundle": ("重新导入作业包(&I)", "バンドルを再インポート(&I)"),
    "&Export Image…": ("导出图片(&E)…", "画像をエクスポート(&E)…"),
    "&Quit": ("退出(&Q)", "終了(&Q)"),
    "&About rankscope": ("关于 rankscope(&A)", "rankscope について(&A)"),
    "About rankscope": ("关于 rankscope", "rankscope について"),
    "Zoom &Out": ("缩小(&O)", "ズームアウト(&O)"),
    "&Reset Zoom": ("重置缩放(&R)", "ズームをリセット(&R)"),
    "&Find Frame": ("查找栈帧(&F)", "フレームを検索(&F)"),
    "Cancel": ("取消", "キャンセル"),
    "Search frames (Ctrl+F)": ("搜索栈帧 (Ctrl+F)", "フレームを検索 (Ctrl+F)"),
    "Search frames…": ("搜索栈帧…", "フレームを検索…"),
    "Regex": ("正则", "正規表現"),
    "Suspects": ("嫌疑对象", "疑わしい対象"),
    "Frame": ("栈帧", "フレーム"),
    "Ranks": ("Rank 列表", "ランク"),
    "Import Problems": ("导入问题", "インポートの問題"),
    "Function": ("函数", "関数"),
    "Function + file": ("函数 + 文件", "関数 + ファイル"),
    "Function + file + line": ("函数 + 文件 + 行号", "関数 + ファイル + 行"),
    "All samples": ("全部采样", "すべてのサンプル"),
    "Latest sample": ("最新采样", "最新のサンプル"),
    "Width: ranks": ("宽度：rank 数", "幅：ランク数"),
    "Width: samples": ("宽度：采样数", "幅：サンプル数"),
    "Icicle": ("冰柱图", "アイシクル"),
    "Flame": ("火焰图", "フレイム"),
    "Icicle (root on top)": ("冰柱图（根在上）", "アイシクル（ルートが上）"),
    "Flame (root at bottom)": ("火焰图（根在下）", "フレイム（ルートが下）"),
    "Main thread": ("主线程", "メインスレッド"),
    "All threads": ("全部线程", "すべてのスレッド"),
    "Main processes": ("主进程", "メインプロセス"),
    "All process types": ("全部进程类型", "すべてのプロセス種別"),
    "Thread: %1": ("线程：%1", "スレッド：%1"),
    "Role: %1": ("角色：%1", "ロール：%1"),
    "rankscope": ("rankscope", "rankscope"),
    "%1 - rankscope": ("%1 - rankscope", "%1 - rankscope"),
    "Merging stacks…": ("正在合并调用栈…", "スタックをマージ中…"),
    "no match": ("无匹配", "一致なし"),
    "%n frame(s), ranks %1": ("%n 个栈帧，rank %1", "%n 個のフレーム、ランク %1"),
    "Open a job bundle (File > Open, or drop a folder here) to merge the stacks of every rank.": (
        "打开一个作业包（文件 > 打开，或把文件夹拖到这里），合并所有 rank 的调用栈。",
        "ジョブバンドルを開くと（ファイル > 開く、またはフォルダーをここにドロップ）、全ランクのスタックをマージします。"),
    "Open Job Bundle Folder": ("打开作业包文件夹", "ジョブバンドルのフォルダーを開く"),
    "Open Job Bundle Archive": ("打开作业包归档", "ジョブバンドルのアーカイブを開く"),
    "Bundle archives (*.tar *.tar.gz *.tgz *.tar.zst);;All files (*)": (
        "作业包归档 (*.tar *.tar.gz *.tgz *.tar.zst);;所有文件 (*)",
        "バンドルアーカイブ (*.tar *.tar.gz *.tgz *.tar.zst);;すべてのファイル (*)"),
    "Importing %1…": ("正在导入 %1…", "%1 をインポート中…"),
    "Importing: %1": ("导入中：%1", "インポート中：%1"),
    "%1 files (%2 parsed, %3 from cache), %4 samples, %5 s": (
        "%1 个文件（解析 %2 个，缓存 %3 个），%4 个采样，%5 秒",
        "%1 ファイル（解析 %2、キャッシュ %3）、%4 サンプル、%5 秒"),
    "%n file problem(s) during import; everything else was imported. See Import Problems.": (
        "导入时有 %n 个文件问题；其余内容已导入。请查看“导入问题”。",
        "インポート中に %n 件のファイルの問題がありました。他はすべてインポート済みです。「インポートの問題」を参照してください。"),
    "Cannot open the bundle: %1": ("无法打开作业包：%1", "バンドルを開けません：%1"),
    "Import cancelled; the cache keeps its previous state.": (
        "导入已取消；缓存保持之前的状态。", "インポートを取り消しました。キャッシュは以前の状態のままです。"),
    "%1 ranks with data, %2 without, %3 frames merged": (
        "%1 个 rank 有数据，%2 个无数据，合并了 %3 个栈帧",
        "データのあるランク %1、データなし %2、マージしたフレーム %3"),
    "Highlighting the path of rank %1": ("正在高亮 rank %1 的路径", "ランク %1 のパスを強調表示中"),
    "Export Image": ("导出图片", "画像をエクスポート"),
    "PNG image (*.png);;SVG image (*.svg)": ("PNG 图片 (*.png);;SVG 图片 (*.svg)", "PNG 画像 (*.png);;SVG 画像 (*.svg)"),
    "Export failed: %1": ("导出失败：%1", "エクスポートに失敗しました：%1"),
    "Exported %1": ("已导出 %1", "%1 をエクスポートしました"),
    "nothing to export yet": ("尚无可导出的内容", "まだエクスポートするものがありません"),
    "File": ("文件", "ファイル"),
    "Line": ("行", "行"),
    "Problem": ("问题", "問題"),
    "No import problems.": ("没有导入问题。", "インポートの問題はありません。"),
    "%n problem(s) while importing; the other files imported normally.": (
        "导入时出现 %n 个问题；其他文件已正常导入。", "インポート中に %n 件の問題。他のファイルは正常にインポートされました。"),
    "none": ("无", "なし"),
    "Ranks through this frame (double-click to highlight):": (
        "经过此栈帧的 rank（双击高亮）：", "このフレームを通るランク（ダブルクリックで強調表示）："),
    "Click a frame in the flame graph to see which ranks have it.": (
        "点击火焰图中的栈帧，查看哪些 rank 经过它。", "フレームグラフのフレームをクリックすると、それを持つランクが表示されます。"),
    "has: %1": ("包含：%1", "あり：%1"),
    "missing: %1": ("缺失：%1", "欠落：%1"),
    "no data: %1": ("无数据：%1", "データなし：%1"),
    "samples: %1 (%2 ending here)": ("采样：%1（%2 个止于此）", "サンプル：%1（ここで終わるもの %2）"),
    "rank %1": ("rank %1", "ランク %1"),
    "rank %1 (%2)": ("rank %1（%2）", "ランク %1（%2）"),
    "Rank": ("Rank", "ランク"),
    "Stacks": ("调用栈", "スタック"),
    "Node": ("节点", "ノード"),
    "Role": ("角色", "ロール"),
    "Progress": ("进展", "進行"),
    "Latest stack": ("最新调用栈", "最新のスタック"),
    "one sample": ("单个采样", "サンプル 1 件"),
    "stuck": ("卡住", "停止"),
    "progressing": ("在推进", "進行中"),
    "oscillating": ("来回振荡", "振動"),
    "yes": ("有", "あり"),
    "no data": ("无数据", "データなし"),
    "not compared": ("未比较", "比較対象外"),
    "Kind": ("类型", "種類"),
    "Reason": ("原因", "理由"),
    "No data": ("无数据", "データなし"),
    "Blocker": ("阻塞者", "ブロッカー"),
    "Desync": ("不同步", "非同期"),
    "Minority path": ("少数路径", "少数派パス"),
    "Missed by few": ("少数缺失", "少数が欠落"),
    "Stuck": ("卡住", "停止"),
    "No stacks analysed yet.": ("尚未分析调用栈。", "まだスタックを分析していません。"),
    "No suspects: the ranks' stacks agree.": ("没有嫌疑对象：各 rank 的调用栈一致。", "疑わしい対象はありません：各ランクのスタックは一致しています。"),
    "Merged flame graph": ("合并火焰图", "マージしたフレームグラフ"),
    "Flame graph": ("火焰图", "フレームグラフ"),
    "Zoom path": ("缩放路径", "ズームの経路"),
    "All ranks": ("全部 rank", "全ランク"),
    "No stacks loaded.": ("未加载调用栈。", "スタックが読み込まれていません。"),
    "narrower than a pixel": ("窄于一个像素", "1 ピクセルより狭い"),
    "ranks that have the frame:": ("拥有该栈帧的 rank：", "フレームを持つランク："),
    "1 rank": ("1 个 rank", "1 ランク"),
    "all %1": ("全部 %1", "全 %1"),
    "has": ("包含", "あり"),
    "missing": ("缺失", "欠落"),
    "samples": ("采样", "サンプル"),
    "self samples": ("自身采样", "自身のサンプル"),
    "Double-click to zoom in.": ("双击放大。", "ダブルクリックでズームイン。"),
    "Zoom to Frame": ("缩放到该栈帧", "フレームにズーム"),
    "Copy Frame Name": ("复制栈帧名", "フレーム名をコピー"),
    "Copy Ranks That Have It": ("复制包含它的 rank", "持っているランクをコピー"),
    "Copy Missing Ranks": ("复制缺失的 rank", "欠落しているランクをコピー"),
    "Zoom Out": ("缩小", "ズームアウト"),
    "Reset Zoom": ("重置缩放", "ズームをリセット"),
    "invalid pattern": ("无效的模式", "無効なパターン"),
    "Colour: rank coverage": ("颜色：rank 覆盖率", "色：ランクのカバー率"),
    "Colour: stack class": ("颜色：调用栈等价类", "色：スタックの同値クラス"),
    "Selection: %1": ("选择：%1", "選択：%1"),
    "Frame identity: %1": ("栈帧标识：%1", "フレームの同一性：%1"),
    "Threads: %1": ("线程：%1", "スレッド：%1"),
    "Made: %1": ("生成时间：%1", "作成日時：%1"),
    "job %1": ("作业 %1", "ジョブ %1"),
    "Cannot write %1: %2": ("无法写入 %1：%2", "%1 に書き込めません：%2"),
}


# Q_OBJECT classes in namespace rankscope translate under their qualified class name, but lupdate
# files some of them under the bare name when the .cpp says `using namespace rankscope;`.
QUALIFIED = {"FlameGraphWidget", "FlameGraphView", "FlameGraphBreadcrumb", "SuspectsPanel",
             "RankListPanel"}


def qualify_contexts(root):
    merged = {}
    for context in list(root.findall("context")):
        name = context.find("name")
        if name.text in QUALIFIED:
            name.text = "rankscope::" + name.text
        if name.text in merged:  # both spellings present: keep one context
            for message in context.findall("message"):
                merged[name.text].append(message)
            root.remove(context)
        else:
            merged[name.text] = context


def fill(path, column):
    tree = ET.parse(path)
    qualify_contexts(tree.getroot())
    filled = 0
    for message in tree.getroot().iter("message"):
        source = message.find("source").text or ""
        translation = message.find("translation")
        if source not in T:
            continue
        text = T[source][column]
        translation.attrib.pop("type", None)
        numerus = translation.findall("numerusform")
        if message.get("numerus") == "yes":
            for form in numerus:
                translation.remove(form)
            form = ET.SubElement(translation, "numerusform")  # one plural form in zh and ja
            form.text = text
        else:
            translation.text = text
        filled += 1
    tree.write(path, encoding="utf-8", xml_declaration=True)
    print(f"{path}: {filled} translated")


if __name__ == "__main__":
    base = sys.argv[1] if len(sys.argv) > 1 else "translations"
    fill(f"{base}/rankscope_zh_CN.ts", 0)
    fill(f"{base}/rankscope_ja.ts", 1)
