"""Trains the notation reader: a small CRNN (conv stack -> 1-D convolutions -> CTC) on the
cells cut by training/make-dataset.ts, with strong augmentation so it reads
handwriting it never saw; exports it to ONNX for @zapis/ocr.

  python3 packages/ocr/training/train.py --data packages/ocr/.train --minutes 35 \
      --out packages/ocr/models/notation-crnn.onnx [--threads 2]

Shard 000 (the first games made) is the held-back check set; the rest is trained on.
The exported model takes float32 [N, 1, 32, W] (ink 1, paper 0; W a multiple of 4)
and gives softmax probabilities [N, W/4, classes]; class 0 is the CTC blank, class i
the i-th symbol of the .txt symbol list written beside it.
"""
import argparse
import glob
import math
import os
import random
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

HEIGHT = 32
# Must match NOTATION_SYMBOLS in src/recognizer-model.ts.
SYMBOLS = list("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") + list("x:+#=-()/.")
SYMBOLS = list(dict.fromkeys(SYMBOLS))  # 'x' is in both halves
CLASS_OF = {s: i + 1 for i, s in enumerate(SYMBOLS)}
KINDS = ["scan200", "jpeg150", "phone"]


def read_shard(path):
    data = open(path, "rb").read()
    out, at = [], 0
    while at < len(data):
        width = int.from_bytes(data[at:at + 2], "little")
        kind, length = data[at + 2], data[at + 3]
        label = data[at + 4:at + 4 + length].decode("ascii")
        at += 4 + length
        image = np.frombuffer(data, np.uint8, width * HEIGHT, at).reshape(HEIGHT, width)
        at += width * HEIGHT
        out.append((image, kind, label))
    return out


def load(data_dir):
    shards = sorted(glob.glob(os.path.join(data_dir, "cells-*.bin")))
    check = read_shard(shards[0])
    train = [cell for shard in shards[1:] for cell in read_shard(shard)]
    keep = lambda cells: [c for c in cells if all(ch in CLASS_OF for ch in c[2])]
    return keep(train), keep(check)


class Crnn(nn.Module):
    """Conv stack, then 1-D convolutions along the line (an LSTM here cost 2.5x the time on CPU for little gain)."""

    def __init__(self, classes):
        super().__init__()

        def block(cin, cout):
            return [nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)]

        self.convs = nn.Sequential(
            *block(1, 16), nn.MaxPool2d(2),            # 16 x W/2
            *block(16, 32), nn.MaxPool2d(2),           # 8 x W/4
            *block(32, 64), *block(64, 64), nn.MaxPool2d((2, 1)),   # 4 x W/4
            *block(64, 96), nn.MaxPool2d((2, 1)),      # 2 x W/4
        )
        self.sequence = nn.Sequential(
            nn.Conv1d(192, 192, 5, padding=2, bias=False), nn.BatchNorm1d(192), nn.ReLU(inplace=True), nn.Dropout(0.1),
            nn.Conv1d(192, 192, 5, padding=2, bias=False), nn.BatchNorm1d(192), nn.ReLU(inplace=True), nn.Dropout(0.1),
        )
        self.head = nn.Conv1d(192, classes, 1)

    def forward(self, x):  # x: N,1,32,W -> logits N,T,C
        f = self.convs(x)
        n, c, h, w = f.shape
        f = f.reshape(n, c * h, w)
        return self.head(self.sequence(f)).permute(0, 2, 1)


class Exported(nn.Module):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def forward(self, x):
        return F.softmax(self.net(x), dim=2)


def batches(cells, size, shuffle):
    order = sorted(range(len(cells)), key=lambda i: cells[i][0].shape[1] + (random.uniform(-6, 6) if shuffle else 0))
    groups = [order[i:i + size] for i in range(0, len(order), size)]
    if shuffle:
        random.shuffle(groups)
    return groups


def to_tensor(cells, indices, margin=0):
    width = max(cells[i][0].shape[1] for i in indices) + margin
    width = (width + 3) // 4 * 4
    x = torch.zeros(len(indices), 1, HEIGHT, width)
    for k, i in enumerate(indices):
        image = cells[i][0]
        offset = margin // 2
        x[k, 0, :, offset:offset + image.shape[1]] = torch.from_numpy(1 - image.astype(np.float32) / 255)
    return x


def gaussian_blur(x, sigma):
    radius = max(1, int(math.ceil(2 * sigma)))
    t = torch.arange(-radius, radius + 1, dtype=torch.float32)
    k = torch.exp(-t * t / (2 * sigma * sigma))
    k = k / k.sum()
    x = F.conv2d(F.pad(x, (radius, radius, 0, 0), mode="replicate"), k.view(1, 1, 1, -1))
    return F.conv2d(F.pad(x, (0, 0, radius, radius), mode="replicate"), k.view(1, 1, -1, 1))


def augment(x):
    """Unseen hands under blur: warps, slant, scale, stroke width, resolution loss, blur, contrast, noise."""
    n, _, h, w = x.shape
    # Affine in pixel space (slant, rotation, scale, shift), turned into grid_sample's normalised space.
    slant = torch.empty(n).uniform_(-0.35, 0.35)
    angle = torch.empty(n).uniform_(-0.05, 0.05)
    # >1 shrinks the writing. Hands differ most in width (condensed to round), so narrower writing reaches 60 %;
    # wider stops at 113 %, as the strip has no room to spare at its ends.
    sx = torch.exp(torch.empty(n).uniform_(-0.12, 0.5))
    sy = torch.exp(torch.empty(n).uniform_(-0.12, 0.15))
    cos, sin = torch.cos(angle), torch.sin(angle)
    a, b = sx * cos, sx * (-sin + slant)
    c, d = sy * sin, sy * cos
    tx = torch.empty(n).uniform_(-2, 2)
    ty = torch.empty(n).uniform_(-2.5, 2.5)
    theta = torch.zeros(n, 2, 3)
    theta[:, 0, 0], theta[:, 0, 1], theta[:, 0, 2] = a, b * h / w, tx / (w / 2)
    theta[:, 1, 0], theta[:, 1, 1], theta[:, 1, 2] = c * w / h, d, ty / (h / 2)
    grid = F.affine_grid(theta, (n, 1, h, w), align_corners=False)
    # Elastic: slow displacements along the line (letter spacing, baseline wander) and finer wobble.
    for cells, amp_x, amp_y in ((max(2, w // 24), 2.5, 1.5), (max(2, w // 8), 0.8, 0.8)):
        field = torch.randn(n, 2, 3, cells)
        field = F.interpolate(field, size=(h, w), mode="bicubic", align_corners=True)
        scale = torch.tensor([amp_x / (w / 2), amp_y / (h / 2)]).view(1, 2, 1, 1) * torch.rand(n, 1, 1, 1)
        grid = grid + (field * scale).permute(0, 2, 3, 1)
    x = F.grid_sample(x, grid, mode="bilinear", padding_mode="zeros", align_corners=False)
    # Stroke width: thicker or thinner pens (a blend keeps it gradual).
    thick = F.max_pool2d(x, 3, 1, 1)
    thin = -F.max_pool2d(-x, 3, 1, 1)
    pen = torch.empty(n, 1, 1, 1).uniform_(-0.6, 0.8)
    x = torch.where(pen > 0, x + pen * (thick - x), x + (-pen) * (thin - x))
    # Resolution loss: down to 35-90 % and back up (a 150-dpi scan, a distant phone).
    out = x.clone()
    lowres = torch.rand(n) < 0.5
    if lowres.any():
        f = random.uniform(0.35, 0.9)
        part = x[lowres]
        small = F.interpolate(part, scale_factor=f, mode="area")
        out[lowres] = F.interpolate(small, size=(h, w), mode="bilinear", align_corners=False)
    x = out
    # Blur in three strengths.
    for sigma, share in ((0.6, 0.25), (1.0, 0.2), (1.5, 0.1)):
        pick = torch.rand(n) < share
        if pick.any():
            x[pick] = gaussian_blur(x[pick], sigma)
    # Contrast and level: the cutter stretches levels, but blur leaves grey strokes.
    gain = torch.empty(n, 1, 1, 1).uniform_(0.7, 1.5)
    x = (x * gain).clamp(0, 1)
    gamma = torch.exp(torch.empty(n, 1, 1, 1).uniform_(-0.5, 0.5))
    x = x.clamp_min(1e-4) ** gamma
    x = x + torch.randn_like(x) * torch.empty(n, 1, 1, 1).uniform_(0, 0.08)
    return x.clamp(0, 1)


def greedy(logits):
    best = logits.argmax(2).numpy()
    texts = []
    for row in best:
        out, last = [], 0
        for k in row:
            if k != last and k != 0:
                out.append(SYMBOLS[k - 1])
            last = k
        texts.append("".join(out))
    return texts


def edit_distance(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def evaluate(net, cells):
    net.eval()
    stats = {k: [0, 0, 0, 0] for k in range(3)}  # right, cells, edits, chars
    with torch.no_grad():
        for group in batches(cells, 128, False):
            texts = greedy(net(to_tensor(cells, group)))
            for i, text in zip(group, texts):
                s = stats[cells[i][1]]
                s[0] += text == cells[i][2]
                s[1] += 1
                s[2] += edit_distance(text, cells[i][2])
                s[3] += len(cells[i][2])
    net.train()
    return {KINDS[k]: (100 * s[0] / max(1, s[1]), 100 * s[2] / max(1, s[3])) for k, s in stats.items()}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default="packages/ocr/.train")
    parser.add_argument("--out", default="packages/ocr/models/notation-crnn.onnx")
    parser.add_argument("--minutes", type=float, default=35)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--batch", type=int, default=48)
    parser.add_argument("--seed", type=int, default=1)
    # Fine-tuning: start from a trained net's weights (the .pt written beside its .onnx), at a lower peak rate.
    parser.add_argument("--init", default=None)
    parser.add_argument("--lr", type=float, default=2e-3)
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    random.seed(args.seed)

    train, check = load(args.data)
    print(f"train {len(train)} cells, check {len(check)} cells, {len(SYMBOLS)} symbols", flush=True)
    net = Crnn(len(SYMBOLS) + 1)
    print(f"parameters {sum(p.numel() for p in net.parameters())}", flush=True)
    started_from = None
    if args.init:
        net.load_state_dict(torch.load(args.init))
        result = evaluate(net, check)
        started_from = sum(acc for acc, _ in result.values()) / 3, {k: v.clone() for k, v in net.state_dict().items()}
        print(f"started from {args.init}: " + ", ".join(f"{k} {a:.1f}%" for k, (a, _) in result.items()), flush=True)
    ctc = nn.CTCLoss(blank=0, zero_infinity=True)
    optimiser = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=1e-4)
    budget = args.minutes * 60
    started = time.time()
    # A fine-tuned net that reads its check set worse than the one it started from keeps the one it started from.
    step, (best, best_state) = 0, started_from or (-1.0, None)
    last_check = started
    done = False
    while not done:
        for group in batches(train, args.batch, True):
            elapsed = time.time() - started
            if elapsed > budget:
                done = True
                break
            # Cosine decay over the time budget, after a short warm-up.
            progress = elapsed / budget
            lr = args.lr * min(1.0, (step + 1) / 300) * (0.5 * (1 + math.cos(math.pi * progress)) * 0.97 + 0.03)
            for g in optimiser.param_groups:
                g["lr"] = lr
            x = augment(to_tensor(train, group, margin=random.choice([0, 4, 8])))
            labels = [train[i][2] for i in group]
            targets = torch.tensor([CLASS_OF[ch] for text in labels for ch in text], dtype=torch.long)
            lengths = torch.tensor([len(t) for t in labels], dtype=torch.long)
            logits = net(x)
            log_probs = F.log_softmax(logits, 2).permute(1, 0, 2)
            frames = torch.full((len(group),), log_probs.shape[0], dtype=torch.long)
            loss = ctc(log_probs, targets, frames, lengths)
            optimiser.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(net.parameters(), 5)
            optimiser.step()
            step += 1
            if step % 100 == 0:
                print(f"step {step} {elapsed / 60:.1f} min loss {loss.item():.3f} lr {lr:.5f}", flush=True)
            if time.time() - last_check > 240 or time.time() - started > budget:
                last_check = time.time()
                result = evaluate(net, check)
                mean = sum(acc for acc, _ in result.values()) / 3
                print(f"check {elapsed / 60:.1f} min step {step}: " + ", ".join(f"{k} {a:.1f}% (CER {c:.2f}%)" for k, (a, c) in result.items()), flush=True)
                if mean > best:
                    best, best_state = mean, {k: v.clone() for k, v in net.state_dict().items()}
    result = evaluate(net, check)
    mean = sum(acc for acc, _ in result.values()) / 3
    print(f"final step {step}: " + ", ".join(f"{k} {a:.1f}% (CER {c:.2f}%)" for k, (a, c) in result.items()), flush=True)
    if best_state is not None and best > mean:
        net.load_state_dict(best_state)
        print(f"kept the best check ({best:.2f}% mean)")
    net.eval()
    # The folder first: a run that trained for half an hour must not fail at saving.
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    torch.save(net.state_dict(), args.out.replace(".onnx", ".pt"))
    torch.onnx.export(Exported(net), torch.zeros(1, 1, HEIGHT, 64), args.out, opset_version=17,
                      input_names=["strip"], output_names=["probabilities"],
                      dynamic_axes={"strip": {0: "cells", 3: "width"}, "probabilities": {0: "cells", 1: "frames"}})
    with open(args.out.replace(".onnx", ".txt"), "w") as f:
        f.write("\n".join(SYMBOLS) + "\n")
    print(f"wrote {args.out} ({os.path.getsize(args.out)} bytes)")


if __name__ == "__main__":
    main()
